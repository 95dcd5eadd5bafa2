import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AvatarLook } from '../../../domain/catalog/avatars-look.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/index.js';
import { headBox, layoutFor, renderBase, renderHead, type AvatarBackground } from '../draw/character.js';
import { MOUTH_FPS, type MouthTrack } from '../visemes/viseme-set.js';
import { blinkSchedule } from './blinks.js';
import { concatList, talkingHeadArgs, type TalkingHeadFormat } from './ffmpeg-args.js';
import { headMotionExpressions, headMotionFor } from './head-motion.js';
import { encodePam } from './pam.js';
import { planSprites } from './sprite-plan.js';

export interface TalkingHeadRequest {
  look: AvatarLook;
  /** One mouth per frame at 30 fps; the clip is as long as the track. */
  track: MouthTrack;
  width: number;
  height: number;
  background: AvatarBackground;
  /** Muxed in when given (and the clip cut to the track's length). */
  audioPath?: string;
  format: TalkingHeadFormat;
  outputPath: string;
  /** Seeds blinks and head motion: the same seed gives the same clip. */
  seed: number;
  preset?: string;
  crf?: number;
}

export interface TalkingHeadOptions {
  workDir: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  ffmpeg: Pick<FfmpegEngine, 'run'>;
}

export interface TalkingHeadResult {
  outputPath: string;
  durationSeconds: number;
  frames: number;
  /** Distinct head drawings the clip needed. */
  spriteCount: number;
}

/** Share of progress for drawing; the rest is the encode. */
const DRAW_SHARE = 0.1;

/**
 * A talking-head clip of a drawn avatar: plan (blinks, sprites, runs) → draw each distinct head
 * once and the still base → one ffmpeg encode that overlays the head sequence, moving gently, on
 * the base, with the voice muxed in.
 */
export async function renderTalkingHead(req: TalkingHeadRequest, opts: TalkingHeadOptions): Promise<TalkingHeadResult> {
  if (req.background.kind === 'transparent' && req.format !== 'webm') {
    throw new Error('a transparent background needs the webm format (MP4 has no alpha channel)');
  }
  const fps = MOUTH_FPS;
  const frames = req.track.length;
  if (frames === 0) throw new Error('the mouth track is empty');
  const layout = layoutFor(req.width, req.height);
  const plan = planSprites(req.track, blinkSchedule(frames, req.seed, fps));
  const fileFor = (key: string) => join(opts.workDir, `head-${key}.pam`);

  opts.signal?.throwIfAborted();
  const baseImage = join(opts.workDir, 'base.pam');
  const base = await renderBase(req.look, layout, req.background);
  let drawn = 0;
  const total = plan.sprites.length + 1;
  const tick = () => opts.onProgress?.((++drawn / total) * DRAW_SHARE);
  await writeFile(baseImage, encodePam(base, req.background.kind === 'transparent'));
  tick();
  for (const sprite of plan.sprites) {
    opts.signal?.throwIfAborted();
    const canvas = renderHead(req.look, layout, sprite.mouth, sprite.eyes);
    await writeFile(fileFor(sprite.key), encodePam(canvas, true));
    tick();
  }

  const concatFile = join(opts.workDir, 'head.ffconcat');
  await writeFile(concatFile, concatList(plan.runs, fileFor, fps));
  const rest = headBox(req.look, layout);
  const motion = headMotionExpressions(headMotionFor(req.seed, req.height), { x: rest.x, y: rest.y });
  const args = talkingHeadArgs({
    baseImage,
    concatFile,
    audioPath: req.audioPath,
    frames,
    fps,
    width: req.width,
    height: req.height,
    headX: motion.x,
    headY: motion.y,
    format: req.format,
    outputPath: req.outputPath,
    preset: req.preset,
    crf: req.crf,
  });
  const durationSeconds = frames / fps;
  await opts.ffmpeg.run(args, {
    signal: opts.signal,
    expectedDurationSeconds: durationSeconds,
    onProgress: (f) => opts.onProgress?.(DRAW_SHARE + f * (1 - DRAW_SHARE)),
  });
  opts.onProgress?.(1);
  return { outputPath: req.outputPath, durationSeconds, frames, spriteCount: plan.sprites.length };
}
