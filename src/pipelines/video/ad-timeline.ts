import { join } from 'node:path';
import type { Timeline } from '../../media/timeline.js';
import type { AdMaterials } from './ad-materials.js';
import type { AvatarClip } from '../avatar/clips/avatar-clip-maker.js';
import type { Decorate } from './avatar-scenes/scene-styles.js';
import type { AdPlan } from './ad-plan.js';
import { layOut } from './visual-styles.js';

/**
 * A saved plan, drawn in one visual style: pure, so every style can be tested without ffmpeg.
 * `decorate` names the decorations the style wants (they are drawn by the caller).
 */
export function buildAdTimeline(plan: AdPlan, planDir: string, style: string, avatar: AvatarClip | null, decorate: Decorate | null = null): Timeline {
  const file = (name: string) => join(planDir, name);
  const endCardSeconds = plan.cta ? plan.endCardSeconds : 0;
  // The closing words are said over the end card, which shows them itself: the scenes, the
  // presenter and the captions end where the card comes up.
  const cardStart = plan.durationSeconds - endCardSeconds;
  const wordsBeforeCard = endCardSeconds > 0 ? plan.words.filter((w) => w.startSeconds < cardStart) : plan.words;
  const materials: AdMaterials = {
    aspectRatio: plan.aspectRatio,
    durationSeconds: plan.durationSeconds,
    speechEndSeconds: Math.min(plan.speechEndSeconds, cardStart),
    words: wordsBeforeCard,
    images: plan.files.images.map(file),
    videos: plan.files.videos.map(file),
    logoPath: plan.files.logo ? file(plan.files.logo) : null,
    avatar,
    headline: plan.headline,
    highlights: plan.highlights,
    priceText: plan.priceText,
    cta: plan.cta,
    palette: plan.palette,
    endCardSeconds,
    decorate,
  };
  const styled = layOut(style, materials);
  const caption = plan.caption.override && plan.caption.setting ? { ...styled.caption, ...plan.caption.setting } : styled.caption;
  return {
    aspectRatio: plan.aspectRatio,
    scenes: styled.scenes,
    layers: styled.layers,
    voiceover: { clips: [{ path: file(plan.files.voice), startSeconds: 0 }], volume: plan.voiceoverVolume },
    music:
      plan.files.music && plan.musicVolume !== null ? { path: file(plan.files.music), volume: plan.musicVolume, loop: true, fadeOutSeconds: 1.5 } : undefined,
    captions: plan.caption.hidden ? undefined : { words: wordsBeforeCard, setting: caption },
  };
}
