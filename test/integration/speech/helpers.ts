import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import { decodeToWav } from '../../../src/engines/speech/decode-audio.js';
import { readWav, type PcmAudio } from '../../../src/engines/speech/wav.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

export const run = promisify(execFile);

/** A temp folder for the file's tests, removed afterwards. */
export function useTempDir(): { path: string } {
  const holder = { path: '' };
  beforeAll(async () => {
    holder.path = await mkdtemp(join(tmpdir(), 'speech-it-'));
  });
  afterAll(async () => {
    await rm(holder.path, { recursive: true, force: true });
  });
  return holder;
}

/** Any audio file → PCM through ffmpeg (MP3 outputs included). */
export async function decodeAny(path: string, sampleRateHz = 16000): Promise<PcmAudio> {
  const wav = `${path}.decoded.wav`;
  await decodeToWav(ffmpeg, path, wav, { sampleRateHz });
  return readWav(wav);
}

/**
 * Clicks: a large sample-to-sample jump right after near-silence, which is what a hard cut into
 * or out of sound looks like. Speech itself starts softly.
 */
export function countClicks(audio: PcmAudio): number {
  const s = audio.samples;
  const look = Math.round(audio.sampleRateHz * 0.005);
  let clicks = 0;
  for (let i = look; i < s.length; i++) {
    if (Math.abs(s[i]! - s[i - 1]!) < 0.1) continue;
    let quiet = 0;
    for (let k = i - look; k < i - 1; k++) quiet = Math.max(quiet, Math.abs(s[k]!));
    if (quiet < 0.003) clicks++;
  }
  return clicks;
}
