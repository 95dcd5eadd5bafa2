import { listFontFamilies } from './font-families.js';
import { measureLoudness } from './measure.js';
import { probeMedia } from './probe.js';
import { runFfmpeg } from './run.js';
import type { FfmpegEngine } from './types.js';

export function createFfmpegEngine(): FfmpegEngine {
  let fontFamilies: Promise<string[]> | undefined;
  return {
    run: runFfmpeg,
    probe: probeMedia,
    measureLoudness,
    // Fonts change only when set-up runs again; one lookup per process is enough.
    listFontFamilies: () => (fontFamilies ??= listFontFamilies()),
  };
}
