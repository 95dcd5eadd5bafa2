import { availableParallelism } from 'node:os';
import { listFontFamilies } from './font-families.js';
import { measureLoudness } from './measure.js';
import { probeMedia } from './probe.js';
import { memoizeProbe } from './probe-memo.js';
import { DEFAULT_FFMPEG_BINARIES, runFfmpeg, runFfmpegCapture, type FfmpegBinaries } from './run.js';
import type { FfmpegEngine } from './types.js';
import type { X264Preset } from './args/video-encoders.js';

/** Segments of a full-size render when nobody says otherwise: one per core, at most two. */
export const DEFAULT_RENDER_SEGMENTS = Math.min(2, availableParallelism());

/** The engine over the real executables; the container passes `config.ffmpeg`. */
export function createFfmpegEngine(bin: FfmpegBinaries & { renderSegments?: number; renderPreset?: X264Preset } = DEFAULT_FFMPEG_BINARIES): FfmpegEngine {
  let fontFamilies: Promise<string[]> | undefined;
  const probe = memoizeProbe((path, opts) => probeMedia(path, opts, bin));
  return {
    renderSegments: bin.renderSegments ?? DEFAULT_RENDER_SEGMENTS,
    ...(bin.renderPreset ? { renderPreset: bin.renderPreset } : {}),
    run: (args, opts) => runFfmpeg(args, opts, bin),
    capture: (args, opts) => runFfmpegCapture(args, opts, bin),
    probe,
    measureLoudness: (path, opts) => measureLoudness(path, opts, bin),
    // Fonts change only when set-up runs again; one lookup per process is enough.
    listFontFamilies: () => (fontFamilies ??= listFontFamilies()),
  };
}
