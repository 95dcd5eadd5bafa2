import { join } from 'node:path';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { renderTimeline } from '../../media/render.js';
import type { RenderQuality, Timeline } from '../../media/timeline.js';
import type { ShortPlan } from './short-plan.js';

/** Cross-fade between two scenes' pictures. */
const TRANSITION_SECONDS = 0.4;

/**
 * The plan as a timeline: one full-frame picture per scene with its motion, cross-fades, the
 * narration, word captions and the music ducked under the voice. The video lasts exactly as
 * long as the narration (the scenes cover it end to end). Pure.
 */
export function shortTimeline(plan: ShortPlan, planDir: string): Timeline {
  const file = (name: string) => join(planDir, name);
  return {
    aspectRatio: plan.aspectRatio,
    scenes: plan.scenes.map((s, i) => ({
      durationSeconds: s.endSeconds - s.startSeconds,
      background: { kind: 'image', path: file(s.picture), fit: 'crop', motion: s.motion, ...(s.push ? { push: s.push } : {}) },
      transitionOut: i < plan.scenes.length - 1 ? { kind: 'fade', durationSeconds: TRANSITION_SECONDS } : null,
    })),
    voiceover: { clips: [{ path: file(plan.files.voice), startSeconds: 0 }], volume: plan.voiceoverVolume },
    music: plan.music ? { path: file(plan.music.file), volume: plan.music.volume, loop: true, fadeOutSeconds: 1 } : undefined,
    captions: plan.caption.hidden ? undefined : { words: plan.words, setting: plan.caption.setting ?? { style: 'normal-black' } },
  };
}

/** Renders a plan through the composition engine: a 360p-class preview with its mark, or the full size. */
export async function renderShort(
  plan: ShortPlan,
  req: { planDir: string; quality: RenderQuality; outputDir: string },
  deps: { ffmpeg: FfmpegEngine },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (f: number) => void },
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }> {
  const videoPath = join(req.outputDir, 'video.mp4');
  const thumbnailPath = join(req.outputDir, 'thumbnail.jpg');
  const out = await renderTimeline(
    deps.ffmpeg,
    shortTimeline(plan, req.planDir),
    { quality: req.quality, videoPath, thumbnailPath },
    {
      signal: opts.signal,
      scratchDir: opts.workDir,
      onProgress: opts.onProgress,
    },
  );
  return { videoPath, thumbnailPath, durationSeconds: out.durationSeconds };
}
