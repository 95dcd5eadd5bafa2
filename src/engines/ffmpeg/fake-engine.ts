import { abortError } from './errors.js';
import type { FfmpegEngine, LoudnessMeasurement, MediaProbe, RunFfmpegOptions } from './types.js';

export interface FakeFfmpegEngine extends FfmpegEngine {
  /** Every run, in order, with its arguments and options. */
  readonly runs: { args: string[]; opts: RunFfmpegOptions }[];
  /** Every capture, in order, with its arguments. */
  readonly captures: { args: string[] }[];
  readonly probedPaths: string[];
}

export interface FakeFfmpegOptions {
  /** Probe answers by path; paths not listed get `defaultProbe`. */
  probes?: Record<string, MediaProbe>;
  defaultProbe?: MediaProbe;
  loudnessLufs?: number;
  fontFamilies?: string[];
  /** Lets a test create the output files, or throw to simulate a failed run. */
  onRun?: (args: string[], opts: RunFfmpegOptions) => void | Promise<void>;
  /** What a capture writes to stdout (default: nothing); may also create files or throw. */
  onCapture?: (args: string[]) => Buffer | undefined | Promise<Buffer | undefined>;
}

/** In-memory stand-in: no process is started. Reports progress 0.5 then 1, honours abort. */
export function createFakeFfmpegEngine(options: FakeFfmpegOptions = {}): FakeFfmpegEngine {
  const runs: FakeFfmpegEngine['runs'] = [];
  const captures: FakeFfmpegEngine['captures'] = [];
  const probedPaths: string[] = [];
  const defaultProbe: MediaProbe = options.defaultProbe ?? {
    durationSeconds: 3,
    formatName: 'wav',
    sizeBytes: 1000,
    audio: { codec: 'pcm_s16le', sampleRateHz: 22050, channels: 1 },
  };
  return {
    runs,
    captures,
    probedPaths,
    async run(args, opts = {}) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      runs.push({ args, opts });
      opts.onProgress?.(0.5);
      await options.onRun?.(args, opts);
      if (opts.signal?.aborted) throw abortError(opts.signal);
      opts.onProgress?.(1);
    },
    async capture(args, opts = {}) {
      if (opts.signal?.aborted) throw abortError(opts.signal);
      captures.push({ args });
      return (await options.onCapture?.(args)) ?? Buffer.alloc(0);
    },
    async probe(path) {
      probedPaths.push(path);
      return options.probes?.[path] ?? defaultProbe;
    },
    async measureLoudness(): Promise<LoudnessMeasurement> {
      return { integratedLufs: options.loudnessLufs ?? -20, rangeLu: 5 };
    },
    async listFontFamilies() {
      return options.fontFamilies ?? ['DejaVu Sans', 'Montserrat'];
    },
  };
}
