import { join } from 'node:path';
import { FaceNotUsable } from '../../domain/errors.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import { renderTimeline, type RenderResult } from '../../media/render.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import type { PhoneTiming, RenderQuality, WordTiming } from '../../media/timeline.js';
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
    /** The engine's phones, when the voice came from an engine that reports them. */
    phones?: PhoneTiming[];
    durationSeconds: number;
    /** Size of the clip in pixels; styles scale it down from there. */
    widthPx: number;
    heightPx: number;
    /** What is behind the avatar (default: the avatar's own drawn scene). Photo avatars keep their photo. */
    background?: ClipBackground;
    /** A photo to animate instead of a persona (URL to video's override_avatar_by_image); `avatarId` then only seeds the motion. */
    photoPath?: string;
    workDir: string;
    /** The clip must carry alpha (transparent output); otherwise alpha or a keyable colour will do. */
    wantAlpha?: boolean;
    signal?: AbortSignal;
    onProgress?: (fraction: number) => void;
  }): Promise<AvatarClip>;
}

/** The avatar id a presenter photo (override_avatar_by_image) is drawn under: it only seeds the head motion. */
export const PHOTO_PRESENTER_ID = 'presenter-photo';

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
  const presenter = plan.files.presenter ?? null;
  const avatarId = plan.avatarId ?? (presenter ? PHOTO_PRESENTER_ID : null);
  const withAvatar = Boolean(avatarId && deps.avatars);
  if (avatarId && deps.avatars) {
    const frame = frameSizeFor(plan.aspectRatio, req.quality);
    avatar = await deps.avatars.make({
      accountId: req.accountId, avatarId, audioPath: join(req.planDir, plan.files.voice), words: plan.words, phones: plan.phones,
      // A 3:4 portrait box: the styles place and scale it; its own drawn scene is behind the avatar.
      durationSeconds: plan.speechEndSeconds, widthPx: even(frame.height * 0.75), heightPx: frame.height, workDir: opts.workDir, signal,
      ...(presenter ? { photoPath: join(req.planDir, presenter) } : {}),
      onProgress: (f) => onProgress?.(f * AVATAR_SHARE),
    }).catch((err: unknown) => {
      // The photo came with the request: name the field, so the reason says what to change.
      if (presenter && err instanceof FaceNotUsable) throw new FaceNotUsable(err.kind, err.faceCount, `override_avatar_by_image: ${err.reason}`);
      throw err;
    });
  }
  const timeline = buildAdTimeline(plan, req.planDir, req.style, avatar);
  const base = withAvatar ? AVATAR_SHARE : 0;
  return renderTimeline(deps.ffmpeg, timeline, { quality: req.quality, videoPath: req.videoPath, thumbnailPath: req.thumbnailPath }, {
    signal, scratchDir: opts.workDir, onProgress: (f) => onProgress?.(base + f * (1 - base)),
  });
}
