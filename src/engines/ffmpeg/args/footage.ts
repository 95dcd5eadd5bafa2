import { seconds } from './global.js';
import { aacArgs, FASTSTART_ARGS, h264Args } from './video-encoders.js';

export interface FootageDecodeRequest {
  input: string;
  fps: number;
  /** Frames to keep from the start (the footage's usable part). */
  frameCount: number;
  /** The footage scaled to cover the output, then the output's window into it. */
  scaled: { width: number; height: number };
  crop: { x: number; y: number; width: number; height: number };
  /** Raw RGBA frames, back to back, written here. */
  output: string;
}

/**
 * A presenter's footage as raw RGBA frames at the output's rate and size (scaled to cover, then
 * cropped around the face), so any frame can be read back by its offset. The decoder applies a
 * phone video's rotation before the scale.
 */
export function footageDecodeArgs(req: FootageDecodeRequest): string[] {
  const { scaled, crop } = req;
  return [
    '-y',
    '-i',
    req.input,
    '-an',
    '-vf',
    `fps=${req.fps},scale=${scaled.width}:${scaled.height},crop=${crop.width}:${crop.height}:${crop.x}:${crop.y},format=rgba`,
    '-frames:v',
    String(req.frameCount),
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    req.output,
  ];
}

export interface RawSegmentEncodeRequest {
  /** Raw RGBA frames of `size`. */
  input: string;
  size: { width: number; height: number };
  fps: number;
  frameCount: number;
  preset: string;
  crf: number | string;
  output: string;
}

/** One run of drawn frames (raw RGBA) encoded to an H.264 piece that a concat copy joins. */
export function rawSegmentEncodeArgs(req: RawSegmentEncodeRequest): string[] {
  return [
    '-y',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    '-s',
    `${req.size.width}x${req.size.height}`,
    '-r',
    String(req.fps),
    '-i',
    req.input,
    ...h264Args({ preset: req.preset, crf: req.crf }),
    '-frames:v',
    String(req.frameCount),
    '-an',
    req.output,
  ];
}

/** ffconcat quoting: single quotes, with a quote written as '\''. */
export function quoteConcatPath(path: string): string {
  return `'${path.replace(/'/g, `'\\''`)}'`;
}

/**
 * An ffconcat list of pieces. A piece's duration, when given, is where the next one starts:
 * without it the concat demuxer places MP4 pieces by their edit lists, and the joined video's
 * frame times drift off the frame rate by a fraction of a frame at each joint.
 */
export function ffconcatList(pieces: readonly { path: string; durationSeconds?: number }[]): string {
  const lines = ['ffconcat version 1.0'];
  for (const piece of pieces) {
    lines.push(`file ${quoteConcatPath(piece.path)}`);
    if (piece.durationSeconds !== undefined) lines.push(`duration ${piece.durationSeconds.toFixed(6)}`);
  }
  return `${lines.join('\n')}\n`;
}

export interface SegmentJoinRequest {
  /** An ffconcat list of the encoded pieces. */
  listPath: string;
  audioPath?: string;
  /** The audio is already AAC (the timeline's own mix): copied, not encoded again. */
  copyAudio?: boolean;
  durationSeconds: number;
  output: string;
}

/** The pieces joined without re-encoding, the voice muxed as AAC, cut to the speech's length. */
export function segmentJoinArgs(req: SegmentJoinRequest): string[] {
  const audioCodec = req.copyAudio ? ['-c:a', 'copy'] : aacArgs({ bitrate: '192k' });
  return [
    '-y',
    '-f',
    'concat',
    '-safe',
    '0',
    '-i',
    req.listPath,
    ...(req.audioPath ? ['-i', req.audioPath, '-map', '0:v:0', '-map', '1:a:0', ...audioCodec] : ['-map', '0:v:0']),
    '-c:v',
    'copy',
    '-t',
    seconds(req.durationSeconds),
    ...FASTSTART_ARGS,
    req.output,
  ];
}
