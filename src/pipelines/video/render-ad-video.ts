import { join } from 'node:path';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { renderTimeline, type RenderResult } from '../../media/render.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import type { RenderQuality, WordTiming } from '../../media/timeline.js';
import type { AvatarClip } from './ad-materials.js';
import type { AdPlan } from './ad-plan.js';
import { buildAdTimeline } from './ad-timeline.js';

export type ClipBackground = { kind: 'scene' } | { kind: 'color'; color: string } | { kind: 'image'; path: string } | { kind: 'transparent' };

/** Makes the speaking-avatar clip for a voiceover (pipelines/avatar implements it). */
export interface AvatarClipMaker {
  make(req: {
    accountId: string;
    avatarId: string;
    audioPath: string;
    words: WordTiming[];
    durationSeconds: number;
    /** Size of the clip in pixels; styles scale it down from there. */
    widthPx: number;
    heightPx: number;
    /** What is behind the avatar (default: the avatar's own drawn scene). Photo avatars keep their photo. */
    background?: ClipBackground;
    workDir: string;
    /** The clip must carry alpha (transparent output); otherwise alpha or a keyable colour will do. */
    wantAlpha?: boolean;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<AvatarClip>;
}

/** Share of the progress bar for the avatar clip when there is one. */
const AVATAR_SHARE = 0.4;

/** One saved plan drawn in one style at preview or full quality. */
export async function renderAdVideo(
  plan: AdPlan,
  req: { accountId: string; planDir: string; style: string; quality: RenderQuality; videoPath: string; thumbnailPath: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker | null },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<RenderResult> {
  const { signal, onProgress } = opts;
  let avatar: AvatarClip | null = null;
  const withAvatar = Boolean(plan.avatarId && deps.avatars);
  if (plan.avatarId && deps.avatars) {
    const frame = frameSizeFor(plan.aspectRatio, req.quality);
    avatar = await deps.avatars.make({
      accountId: req.accountId, avatarId: plan.avatarId, audioPath: join(req.planDir, plan.files.voice), words: plan.words,
      // A 3:4 portrait box: the styles place and scale it; its own drawn scene is behind the avatar.
      durationSeconds: plan.speechEndSeconds, widthPx: even(frame.height * 0.75), heightPx: frame.height, workDir: opts.workDir, signal,
      onProgress: (f) => onProgress?.(f * AVATAR_SHARE),
    });
  }
  const timeline = buildAdTimeline(plan, req.planDir, req.style, avatar);
  const base = withAvatar ? AVATAR_SHARE : 0;
  return renderTimeline(deps.ffmpeg, timeline, { quality: req.quality, videoPath: req.videoPath, thumbnailPath: req.thumbnailPath }, {
    signal, scratchDir: opts.workDir, onProgress: (f) => onProgress?.(base + f * (1 - base)),
  });
}
