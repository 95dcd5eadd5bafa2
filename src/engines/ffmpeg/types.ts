import type { X264Preset } from './args/video-encoders.js';
/** What ffprobe tells us about a media file, in our own terms. */
export interface MediaProbe {
  durationSeconds: number;
  formatName: string;
  sizeBytes: number;
  video?: {
    codec: string;
    width: number;
    height: number;
    fps: number;
    pixelFormat: string;
    hasAlpha: boolean;
  };
  audio?: {
    codec: string;
    sampleRateHz: number;
    channels: number;
  };
}

export interface RunFfmpegOptions {
  signal?: AbortSignal;
  /** Called with 0..1 as ffmpeg reports the time it has written. */
  onProgress?: (fraction0to1: number) => void;
  /** Needed for progress: the length of the output being written. */
  expectedDurationSeconds?: number;
  cwd?: string;
}

export interface LoudnessMeasurement {
  integratedLufs: number;
  /** Loudness range in LU. */
  rangeLu: number;
}

/**
 * The port the rest of the service sees. Pipelines and media/render take it as a parameter so
 * tests can pass the in-memory fake.
 */
export interface FfmpegEngine {
  /** A long run that writes files (arguments from `engines/ffmpeg/args`), with progress. */
  run(args: string[], opts?: RunFfmpegOptions): Promise<void>;
  /** A short run whose result is what ffmpeg writes to stdout (PCM, raw frames), or only files. */
  capture(args: string[], opts?: { signal?: AbortSignal; cwd?: string }): Promise<Buffer>;
  probe(path: string, opts?: { signal?: AbortSignal }): Promise<MediaProbe>;
  measureLoudness(path: string, opts?: { signal?: AbortSignal; maxSeconds?: number }): Promise<LoudnessMeasurement>;
  /** Families fontconfig knows, so captions can name one that libass will find. */
  listFontFamilies(): Promise<string[]>;
  /** Most ffmpeg processes one full-size timeline render may be split into (`RENDER_SEGMENTS`; absent = 1). */
  readonly renderSegments?: number;
  /** x264 preset of full-size timeline and edit renders (`RENDER_PRESET`; absent = the encoding table's own). */
  readonly renderPreset?: X264Preset;
}
