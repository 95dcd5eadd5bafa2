import type { AssetModelOptions } from '../../domain/asset-generation/asset-models.js';
import { CONTRACT_FONT_FAMILIES } from '../../media/fonts.js';
import { PROCEDURAL_BACKGROUNDS } from '../images/backgrounds/procedural.js';
import { STILL_MOTIONS } from '../images/motion/motion-kinds.js';
import { VIDEO_STYLES } from '../images/motion/stylize-video.js';
import { SCENE_KINDS } from '../images/staging/staged-scene.js';

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
