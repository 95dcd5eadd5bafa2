import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { voiceInWindowWavArgs } from '../../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { even, frameSizeFor, type FrameSize } from '../../../media/frame-size.js';
import { renderTimeline } from '../../../media/render.js';
import type { RenderQuality } from '../../../media/timeline.js';
import type { AvatarClip, AvatarClipMaker } from '../../avatar/clips/avatar-clip-maker.js';
import { DecorationSet } from './decorations.js';
import type { CutoutEngine } from '../../../engines/image/port.js';
import type { AvatarScenesPlan, PlannedScene } from './scene-plan.js';
import type { AvatarSlot } from './scene-styles.js';
import { avatarSlots, buildAvatarScenesTimeline, sceneWindows, type SceneWindow } from './scene-timeline.js';

/** Share of the progress bar for the avatar clips; the rest is the one composition run. */
const AVATAR_SHARE = 0.5;

/**
 * Draws a saved plan at preview or full quality: one avatar clip per scene that shows one, made
 * at the size its slot has in this frame, then the whole video in one composition run.
 */
export async function renderAvatarScenes(
  plan: AvatarScenesPlan,
  req: { accountId: string; planDir: string; quality: RenderQuality; outputDir: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker; cutout?: CutoutEngine | null },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<{ videoPath: string; thumbnailPath: string; durationSeconds: number }> {
  const { signal, onProgress } = opts;
  const frame = frameSizeFor(plan.aspectRatio, req.quality);
  const slots = avatarSlots(plan, req.planDir);
  const windows = sceneWindows(plan);
  const shown = slots.filter(Boolean).length;

  const clips: (AvatarClip | null)[] = [];
  let made = 0;
  for (const [i, scene] of plan.scenes.entries()) {
    const slot = slots[i];
    if (!slot) {
      clips.push(null);
      continue;
    }
    const dir = join(opts.workDir, `avatar-${i + 1}`);
    await mkdir(dir, { recursive: true });
    const share = AVATAR_SHARE / Math.max(1, shown);
    clips.push(
      await sceneAvatarClip(scene, slot, windows[i]!, frame, req, deps, {
        workDir: dir,
        signal,
        onProgress: (f) => onProgress?.(made * share + f * share),
      }),
    );
    made++;
  }
  onProgress?.(AVATAR_SHARE);

  const decorations = new DecorationSet(opts.workDir, frame, deps.cutout ?? null);
  const timeline = buildAvatarScenesTimeline(plan, req.planDir, clips, decorations.decorate);
  await decorations.drawAll();
  const videoPath = join(req.outputDir, 'video.mp4');
  const thumbnailPath = join(req.outputDir, 'thumbnail.jpg');
  const out = await renderTimeline(
    deps.ffmpeg,
    timeline,
    { quality: req.quality, videoPath, thumbnailPath },
    {
      signal,
      scratchDir: opts.workDir,
      onProgress: (f) => onProgress?.(AVATAR_SHARE + f * (1 - AVATAR_SHARE)),
    },
  );
  return { videoPath, thumbnailPath, durationSeconds: out.durationSeconds };
}

/**
 * The avatar of one scene for its whole window: the voice is moved by the window's lead so the
 * lips meet the words where the scene starts, and the clip runs on (idle) through the transitions.
 */
async function sceneAvatarClip(
  scene: PlannedScene,
  slot: AvatarSlot,
  window: SceneWindow,
  frame: FrameSize,
  req: { accountId: string; planDir: string },
  deps: { ffmpeg: FfmpegEngine; avatars: AvatarClipMaker },
  opts: { workDir: string; signal?: AbortSignal; onProgress?: (fraction: number) => void },
): Promise<AvatarClip> {
  const audioPath = join(opts.workDir, 'voice.wav');
  await deps.ffmpeg.run(voiceInWindowWavArgs(join(req.planDir, scene.voice.file), window, audioPath), { signal: opts.signal });
  const size = clipSize(slot, frame);
  return deps.avatars.make({
    accountId: req.accountId,
    avatarId: scene.avatar.id,
    audioPath,
    words: scene.words.map((w) => ({ ...w, startSeconds: w.startSeconds + window.leadSeconds, endSeconds: w.endSeconds + window.leadSeconds })),
    phones: scene.phones?.map((p) => ({ ...p, startSeconds: p.startSeconds + window.leadSeconds, endSeconds: p.endSeconds + window.leadSeconds })),
    durationSeconds: window.lengthSeconds,
    widthPx: size.width,
    heightPx: size.height,
    background: slot.backdrop === 'transparent' ? { kind: 'transparent' } : { kind: 'scene' },
    wantAlpha: false,
    workDir: opts.workDir,
    signal: opts.signal,
    onProgress: opts.onProgress,
  });
}

/** The slot's size in this frame's pixels (a bubble is square), never larger than the frame: the compositor scales up beyond it. */
export function clipSize(slot: AvatarSlot, frame: FrameSize): FrameSize {
  let width = frame.width * slot.box.width;
  let height = frame.height * slot.box.height;
  if (slot.shape === 'circle') width = height = Math.min(width, height);
  const fit = Math.min(1, frame.width / width, frame.height / height);
  return { width: even(width * fit), height: even(height * fit) };
}
