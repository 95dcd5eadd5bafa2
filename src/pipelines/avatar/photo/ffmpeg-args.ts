import { aacArgs, FASTSTART_ARGS, h264Args, quoteConcatPath } from '../../../engines/ffmpeg/args/index.js';
import type { Point } from '../../../engines/face/index.js';
import type { Size } from './frame-layout.js';
import type { Rect } from './head-patch.js';
import { waveExpression, type HeadMotion } from './head-motion.js';
import { AVATAR_FPS } from './mouth-track.js';

/** Consecutive frames showing the same picture, as one concat entry. */
export interface ConcatEntry {
  file: string;
  frames: number;
}

/** Collapses a per-frame list of keys into runs. */
export function runLengths(keys: readonly string[]): { key: string; frames: number }[] {
  const runs: { key: string; frames: number }[] = [];
  for (const key of keys) {
    const last = runs.at(-1);
    if (last && last.key === key) last.frames++;
    else runs.push({ key, frames: 1 });
  }
  return runs;
}

/**
 * An ffconcat script showing each picture for its frames. Durations are written from the running
 * frame total so rounding never accumulates; the last file is listed twice because the concat
 * demuxer ignores the duration of the final entry. Each picture is opened at the output frame
 * rate: the stream takes its time base from the image reader (1/25 s by default), and a change at
 * 0.5 s would otherwise land on 0.52 s, a frame late.
 */
export function buildConcatList(entries: readonly ConcatEntry[], fps = AVATAR_FPS): string {
  if (entries.length === 0) throw new Error('a concat list needs at least one entry');
  const lines = ['ffconcat version 1.0'];
  let framesSoFar = 0;
  let secondsSoFar = 0;
  for (const entry of entries) {
    framesSoFar += entry.frames;
    const end = Number((framesSoFar / fps).toFixed(6));
    lines.push(`file ${quoteConcatPath(entry.file)}`, `option framerate ${fps}`, `duration ${(end - secondsSoFar).toFixed(6)}`);
    secondsSoFar = end;
  }
  lines.push(`file ${quoteConcatPath(entries.at(-1)!.file)}`, `option framerate ${fps}`);
  return `${lines.join('\n')}\n`;
}

export interface PhotoAvatarEncodePlan {
  /** The whole frame at rest (a single picture), or an ffconcat list of its breathing pictures. */
  backgroundPath: string;
  /** `backgroundPath` is an ffconcat list (the still at each step of a breath), not one picture. */
  backgroundIsConcat?: boolean;
  concatListPath: string;
  audioPath?: string;
  frame: Size;
  /** Where the head pictures are laid; the pictures are this plus `marginPx` all round. */
  region: Rect;
  marginPx: number;
  /** The point the head turns around, in region pixels. */
  pivotInRegion: Point;
  motion: HeadMotion | null;
  frameCount: number;
  fps?: number;
  preset: string;
  crf: number;
  outputPath: string;
}

/**
 * ffmpeg arguments: the still frame decoded once and looped, the head pictures from the concat
 * list turned and moved by per-frame expressions (rotation about the patch centre, then a crop
 * whose offset puts the pivot where the drift says), laid over the still with their feathered
 * alpha, encoded to H.264 with the voice as AAC.
 */
export function buildPhotoAvatarArgs(plan: PhotoAvatarEncodePlan): string[] {
  const fps = plan.fps ?? AVATAR_FPS;
  const { region, marginPx: m } = plan;
  const seconds = plan.frameCount / fps;
  const offset = cropOffsetExpressions(plan);
  const turn = plan.motion && plan.motion.angle.length > 0 ? `rotate=a='${waveExpression(plan.motion.angle, fps)}':c=black@0,` : '';
  const head = plan.motion
    ? `${turn}crop=w=${region.width}:h=${region.height}:x='${offset.x}':y='${offset.y}':exact=1`
    : `crop=w=${region.width}:h=${region.height}:x=${m}:y=${m}:exact=1`;
  const still = plan.backgroundIsConcat
    ? `[0:v]fps=${fps},format=yuv420p[still]`
    : `[0:v]format=yuv420p,loop=loop=${Math.max(0, plan.frameCount - 1)}:size=1,settb=1/${fps},setpts=N,fps=${fps}[still]`;
  const graph = [
    still,
    `[1:v]fps=${fps},format=rgba,${head}[head]`,
    `[still][head]overlay=x=${region.x}:y=${region.y}:format=yuv420:eof_action=repeat,fps=${fps}[v]`,
  ].join(';');
  const audio = plan.audioPath ? { inputs: ['-i', plan.audioPath], output: ['-map', '2:a:0', ...aacArgs({ bitrate: '192k' })] } : { inputs: [], output: [] };
  return [
    ...(plan.backgroundIsConcat ? ['-f', 'concat', '-safe', '0'] : []),
    '-i',
    plan.backgroundPath,
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    plan.concatListPath,
    ...audio.inputs,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    ...audio.output,
    ...h264Args({ preset: plan.preset, crf: plan.crf }),
    '-r',
    String(fps),
    // With a voice, -t alone cuts both streams: ffmpeg 5 closes the file when -frames:v is reached,
    // before the last ~0.6 s of audio (held back behind x264's lookahead) is written.
    ...(plan.audioPath ? [] : ['-frames:v', String(plan.frameCount)]),
    '-t',
    seconds.toFixed(3),
    ...FASTSTART_ARGS,
    plan.outputPath,
  ];
}

/**
 * The crop offsets that keep the pivot (below the chin) where the drift puts it while the patch
 * turns about its own centre: offset = margin + R(θ)·d − d − shift, with d the pivot's place
 * relative to the patch centre. ffmpeg's rotate turns clockwise for positive angles, which in
 * y-down pixels is (x, y) → (x·cosθ − y·sinθ, x·sinθ + y·cosθ).
 */
export function cropOffsetExpressions(plan: Pick<PhotoAvatarEncodePlan, 'region' | 'marginPx' | 'pivotInRegion' | 'motion' | 'fps'>): { x: string; y: string } {
  const fps = plan.fps ?? AVATAR_FPS;
  const m = plan.marginPx;
  if (!plan.motion) return { x: String(m), y: String(m) };
  const dx = plan.pivotInRegion[0] + m - (plan.region.width + 2 * m) / 2;
  const dy = plan.pivotInRegion[1] + m - (plan.region.height + 2 * m) / 2;
  const angle = `(${waveExpression(plan.motion.angle, fps)})`;
  const sx = `(${waveExpression(plan.motion.shiftX, fps)})`;
  const sy = `(${waveExpression(plan.motion.shiftY, fps)})`;
  const f = (v: number): string => Number(v.toFixed(3)).toString();
  if (plan.motion.angle.length === 0) return { x: `${m}-${sx}`, y: `${m}-${sy}` };
  return {
    x: `${m}+${f(dx)}*cos${angle}-${f(dy)}*sin${angle}-${f(dx)}-${sx}`,
    y: `${m}+${f(dx)}*sin${angle}+${f(dy)}*cos${angle}-${f(dy)}-${sy}`,
  };
}

/** The same offsets in JS, for a frame number (tests check the expressions against this). */
export function cropOffsetAt(plan: Pick<PhotoAvatarEncodePlan, 'region' | 'marginPx' | 'pivotInRegion'>, angle: number, shift: Point): Point {
  const m = plan.marginPx;
  const dx = plan.pivotInRegion[0] + m - (plan.region.width + 2 * m) / 2;
  const dy = plan.pivotInRegion[1] + m - (plan.region.height + 2 * m) / 2;
  return [m + dx * Math.cos(angle) - dy * Math.sin(angle) - dx - shift[0], m + dx * Math.sin(angle) + dy * Math.cos(angle) - dy - shift[1]];
}
