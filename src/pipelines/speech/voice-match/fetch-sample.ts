import { join } from 'node:path';
import type { UrlFetcher } from '../../../engines/fetch/port.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';
import { analyzeVoiceSample } from './analyze-sample.js';
import type { VoiceSampleProfile } from './cloned-voice-spec.js';

/**
 * Ten minutes of 48 kHz stereo 16-bit WAV is 115 MB; compressed formats are far smaller. Anything
 * bigger cannot be a sample within the 10-minute limit.
 */
export const MAX_SAMPLE_BYTES = 150 * 1024 * 1024;

/**
 * Downloads a voice sample (audio types only; the fetcher enforces the address and size rules)
 * and measures it. Throws `FetchRefused` for URLs that cannot be fetched and
 * `VoiceSampleRejected` for audio that cannot be used, both with a reason for the client.
 */
export async function fetchVoiceSample(
  url: string,
  workDir: string,
  deps: { fetcher: UrlFetcher; ffmpeg: Pick<FfmpegEngine, 'capture'> },
  opts: { signal?: AbortSignal } = {},
): Promise<{ path: string; contentType: string; profile: VoiceSampleProfile }> {
  const path = join(workDir, 'sample');
  const file = await deps.fetcher.download(url, path, { accept: ['audio'], maxBytes: MAX_SAMPLE_BYTES, signal: opts.signal });
  const profile = await analyzeVoiceSample(path, deps, { signal: opts.signal, workDir });
  return { path, contentType: file.contentType, profile };
}
