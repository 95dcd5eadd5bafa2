import { num } from './motion-expressions.js';

/** Silence and near-silence measure about −70 LUFS: never boost them into noise. */
const MAX_GAIN_DB = 30;

export interface LoudnessGainRequest {
  /** Integrated loudness of the input (ebur128); undefined or ≤ −60 leaves the level alone. */
  measuredLufs: number | undefined;
  targetLufs: number;
  /** Sample-peak ceiling of the limiter, dBFS. */
  ceilingDbfs: number;
  /** Resample up to this rate when the input is below it (e.g. an 8 kHz voice). */
  resampleToHz?: number;
}

/**
 * One static gain to the target (keeps the speech's own dynamics), then a fast look-ahead
 * limiter for the few peaks the gain pushes over the ceiling. `level=false`: alimiter must not
 * make the result louder again on its own.
 */
export function loudnessGainFilter(req: LoudnessGainRequest): string {
  const filters: string[] = [];
  if (req.resampleToHz) filters.push(`aresample=${req.resampleToHz}`);
  const measured = req.measuredLufs;
  if (measured !== undefined && Number.isFinite(measured) && measured > -60) {
    filters.push(`volume=${num(Math.min(MAX_GAIN_DB, req.targetLufs - measured))}dB`);
  }
  filters.push(`alimiter=limit=${num(10 ** (req.ceilingDbfs / 20))}:attack=1:release=50:level=false`);
  return filters.join(',');
}

/** Any audio → 16-bit PCM WAV through an audio filter (channels and rate as the input's unless the filter changes them). */
export function filteredWavArgs(input: string, output: string, audioFilter: string): string[] {
  return ['-y', '-i', input, '-vn', '-filter:a', audioFilter, '-c:a', 'pcm_s16le', '-f', 'wav', output];
}
