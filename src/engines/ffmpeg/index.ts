export type { FfmpegEngine, LoudnessMeasurement, MediaProbe, RunFfmpegOptions } from './types.js';
export { FfmpegError, abortError, isAbortError } from './errors.js';
export { runFfmpeg, runFfmpegCapture, DEFAULT_FFMPEG_BINARIES, type FfmpegBinaries } from './run.js';
export * from './args/index.js';
export { probeMedia, parseFfprobeJson } from './probe.js';
export { ProgressParser } from './progress.js';
export {
  measureLoudness,
  parseEbur128Summary,
  measureRmsWindows,
  rmsWindowsDb,
  extractFrameRgb,
  extractFramePng,
  meanColor,
  meanAbsDifference,
  type RgbFrame,
  type PixelRect,
} from './measure.js';
export { listFontFamilies } from './font-families.js';
export { createFfmpegEngine, DEFAULT_RENDER_SEGMENTS } from './real-engine.js';
export { createFakeFfmpegEngine, type FakeFfmpegEngine, type FakeFfmpegOptions } from './fake-engine.js';
