/**
 * Reading a client's video for an edit: where the sound falls silent (`silencedetect`), where the
 * picture cuts (`scdet`) and small frames to look for the speaker's face. The filters' findings
 * are printed as frame metadata (`ametadata`/`metadata` print, to stdout or a file), and the
 * parsers below read them.
 */
import { seconds } from './global.js';

export interface SilenceDetectRequest {
  input: string;
  /** Below this level (dBFS) the sound counts as silence. */
  noiseDb: number;
  /** Shorter quiet stretches are not reported. */
  minSilenceSeconds: number;
}

/** The first audio stream through `silencedetect`; its start/end marks on stdout. */
export function silenceDetectArgs(req: SilenceDetectRequest): string[] {
  return [
    '-i',
    req.input,
    '-map',
    '0:a:0',
    '-vn',
    '-af',
    `silencedetect=noise=${req.noiseDb}dB:d=${seconds(req.minSilenceSeconds)},ametadata=mode=print:file=-`,
    '-f',
    'null',
    '-',
  ];
}

export interface TimeSpan {
  startSeconds: number;
  endSeconds: number;
}

/**
 * The silences `silencedetect` printed. One still open at the end of the file (a start with no
 * end) lasts to `durationSeconds`.
 */
export function parseSilences(stdout: string, durationSeconds: number): TimeSpan[] {
  const out: TimeSpan[] = [];
  let open: number | null = null;
  for (const line of stdout.split('\n')) {
    const start = /lavfi\.silence_start=(-?[\d.]+)/.exec(line);
    if (start) open = Math.max(0, Number(start[1]));
    const end = /lavfi\.silence_end=([\d.]+)/.exec(line);
    if (end && open !== null) {
      out.push({ startSeconds: open, endSeconds: Math.min(durationSeconds, Number(end[1])) });
      open = null;
    }
  }
  if (open !== null && open < durationSeconds) out.push({ startSeconds: open, endSeconds: durationSeconds });
  return out.filter((s) => s.endSeconds > s.startSeconds);
}

/** The times of the shot changes `scdet` printed (see `pictureScanArgs`), in order. */
export function parseSceneChanges(stdout: string): number[] {
  const times = [...stdout.matchAll(/lavfi\.scd\.time=([\d.]+)/g)].map((m) => Number(m[1]));
  return times.filter((t) => Number.isFinite(t) && t > 0).sort((a, b) => a - b);
}

/**
 * The spans of the source kept by an edit, joined, as 16-bit mono WAV: the voice track of the
 * edit (the video is cut at the same times in the render's graph).
 */
export function keptAudioArgs(input: string, spans: readonly TimeSpan[], output: string, sampleRateHz = 48000): string[] {
  const split = `[0:a:0]asplit=${spans.length}${spans.map((_, i) => `[s${i}]`).join('')}`;
  const parts = spans.map((s, i) => `[s${i}]atrim=start=${seconds(s.startSeconds)}:end=${seconds(s.endSeconds)},asetpts=PTS-STARTPTS[a${i}]`);
  const joined = `${spans.map((_, i) => `[a${i}]`).join('')}concat=n=${spans.length}:v=0:a=1[aout]`;
  return [
    '-y',
    '-i',
    input,
    '-filter_complex',
    [split, ...parts, joined].join(';'),
    '-map',
    '[aout]',
    '-ac',
    '1',
    '-ar',
    String(sampleRateHz),
    '-c:a',
    'pcm_s16le',
    '-f',
    'wav',
    output,
  ];
}

/**
 * The first frame as a PNG on stdout, as the decoder delivers it: a phone video's rotation is
 * applied, so its size is the picture's real size (ffprobe reports the stored one).
 */
export function firstFramePngArgs(input: string): string[] {
  return ['-i', input, '-map', '0:v:0', '-frames:v', '1', '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'];
}

/** Width and height from a PNG's header (IHDR), or null when the bytes are not a PNG. */
export function pngSize(png: Buffer): { width: number; height: number } | null {
  if (png.length < 24 || png.readUInt32BE(0) !== 0x89504e47 || png.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

export interface PictureScanRequest {
  input: string;
  /** `scdet` score (0–100) above which a frame starts a new shot; frames are scaled to `analysisWidth` first. */
  threshold: number;
  analysisWidth: number;
  /** A file name in the run's working directory (kept free of characters the filter syntax reserves). */
  shotsFile: string;
  /** Frames sampled at this rate and size, packed RGBA on stdout; frame k shows the time k / framesPerSecond. */
  framesPerSecond: number;
  width: number;
  height: number;
}

/**
 * Shot changes and sampled frames from ONE decode of the source: the picture is split, one
 * branch through `scdet` (its marks printed into a file, the frames dropped), the other sampled
 * and scaled to packed RGBA on stdout.
 */
export function pictureScanArgs(req: PictureScanRequest): string[] {
  if (!/^[\w.-]+$/.test(req.shotsFile)) throw new Error(`shots file name "${req.shotsFile}" must be a plain file name`);
  const graph = [
    '[0:v:0]split=2[forshots][forframes]',
    `[forshots]scale=${req.analysisWidth}:-2,scdet=threshold=${req.threshold},metadata=mode=select:key=lavfi.scd.time,metadata=mode=print:file=${req.shotsFile}[shots]`,
    `[forframes]fps=${req.framesPerSecond}:round=down,scale=${req.width}:${req.height},format=rgba[frames]`,
  ].join(';');
  return ['-i', req.input, '-filter_complex', graph, '-map', '[frames]', '-f', 'rawvideo', 'pipe:1', '-map', '[shots]', '-f', 'null', '-'];
}
