import type { AssetModelOptions } from '../../../domain/assets/asset-models.js';
import { CONTRACT_FONT_FAMILIES } from '../../../media/fonts.js';
import { PROCEDURAL_BACKGROUNDS } from '../backgrounds/procedural.js';
import { STILL_MOTIONS } from '../motion/motion-kinds.js';
import { VIDEO_STYLES } from '../motion/stylize-video.js';
import { SCENE_KINDS } from '../staging/staged-scene.js';

/** The option lists the asset model definitions take from the pipelines that do the work. */
export function assetModelOptions(remoteModel: string | null): AssetModelOptions {
  return {
    sceneKinds: SCENE_KINDS,
    backgroundKinds: PROCEDURAL_BACKGROUNDS,
    stillMotions: STILL_MOTIONS,
    videoStyles: VIDEO_STYLES,
    fontFamilies: CONTRACT_FONT_FAMILIES,
    remoteModel,
  };
}
