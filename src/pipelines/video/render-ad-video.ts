import { join } from 'node:path';
import { FaceNotUsable } from '../../core/errors.js';
import { inStage, type StageMarks } from '../../core/stages.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/types.js';
import type { CutoutEngine } from '../../engines/image/port.js';
import { renderTimeline, type RenderResult } from '../../media/render.js';
import { even, frameSizeFor } from '../../media/frame-size.js';
import type { RenderQuality } from '../../media/timeline.js';
import type { AvatarClip, AvatarClipMaker } from '../avatar/clips/avatar-clip-maker.js';
import type { AdPlan } from './ad-plan.js';
import { buildAdTimeline } from './ad-timeline.js';
import { DecorationSet } from './avatar-scenes/decorations.js';
import { withPushes } from './push-in-shot.js';
import { avatarClipSpec, presenterUse } from './visual-styles.js';

/** The avatar id a presenter photo (override_avatar_by_image) is drawn under: it only seeds the head motion. */
export const PHOTO_PRESENTER_ID = 'presenter-photo';

/** Share of the progress bar for the avatar clip when there is one. */
const AVATAR_SHARE = 0.4;

/** One saved plan drawn in one style at preview or full quality. */
export async function renderAdVideo(
  plan: AdPlan,
  req: { accountId: string; planDir: string; style: string; quality: RenderQuality; videoPath: string; thumbnailPath: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker | null; cutout?: CutoutEngine | null },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void; stages?: StageMarks },
): Promise<RenderResult> {
  const { signal, onProgress } = opts;
  let avatar: AvatarClip | null = null;
  const presenter = plan.files.presenter ?? null;
  // A product-first style never shows a presenter: no clip is drawn for it.
  const avatarId = presenterUse(req.style) === 'unused' ? null : (plan.avatarId ?? (presenter ? PHOTO_PRESENTER_ID : null));
  const withAvatar = Boolean(avatarId && deps.avatars);
  const frame = frameSizeFor(plan.aspectRatio, req.quality);
  if (avatarId && deps.avatars) {
    const photoPath = presenter ? join(req.planDir, presenter) : undefined;
    const canCutOut = deps.avatars.canCutOut?.({ accountId: req.accountId, avatarId, ...(photoPath ? { photoPath } : {}) }) ?? false;
    const spec = avatarClipSpec(req.style, plan.aspectRatio, canCutOut);
    // The style's box, or a 3:4 portrait box at frame height that the styles place and scale.
    const size = spec.box
      ? { widthPx: even(frame.width * spec.box.width), heightPx: even(frame.height * spec.box.height) }
      : { widthPx: even(frame.height * 0.75), heightPx: frame.height };
    avatar = await deps.avatars
      .make({
        accountId: req.accountId,
        avatarId,
        audioPath: join(req.planDir, plan.files.voice),
        words: plan.words,
        phones: plan.phones,
        durationSeconds: plan.speechEndSeconds,
        ...size,
        workDir: opts.workDir,
        signal,
        // Cut out: the figure alone (VP9 with alpha) over the product; otherwise its own drawn scene is behind it.
        ...(spec.cutOut ? { background: { kind: 'transparent' as const }, wantAlpha: true } : {}),
        ...(photoPath ? { photoPath } : {}),
        onProgress: (f) => onProgress?.(f * AVATAR_SHARE),
      })
      .catch((err: unknown) => {
        // The photo came with the request: name the field, so the reason says what to change.
        if (presenter && err instanceof FaceNotUsable) throw new FaceNotUsable(err.kind, err.faceCount, `override_avatar_by_image: ${err.reason}`);
        throw err;
      });
  }
  // The cut-out finds the product in each photo, so product shots crop around it or stand it on a designed backdrop.
  const decorations = new DecorationSet(opts.workDir, frame, deps.cutout ?? null);
  const planned = buildAdTimeline(plan, req.planDir, req.style, avatar, decorations.decorate);
  await inStage(opts, 'compose', () => decorations.drawAll(signal));
  const timeline = withPushes(planned, decorations.shotPlans);
  const base = withAvatar ? AVATAR_SHARE : 0;
  return renderTimeline(
    deps.ffmpeg,
    timeline,
    { quality: req.quality, videoPath: req.videoPath, thumbnailPath: req.thumbnailPath },
    {
      signal,
      scratchDir: opts.workDir,
      onProgress: (f) => onProgress?.(base + f * (1 - base)),
    },
  );
}
