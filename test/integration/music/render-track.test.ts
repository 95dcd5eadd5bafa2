/** End to end at full quality: a catalog track rendered to a WAV file, probed, hashed, cached. */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMusicTracks } from '../../../src/domain/catalog/music.js';
import { NotFound } from '../../../src/core/errors.js';
import { cachedTrackPath, ensureTrackFile, MUSIC_SAMPLE_RATE_HZ, renderTrackWav } from '../../../src/pipelines/music/render-track.js';
import { estimateTempoBpm, mixToMono, rms } from '../../unit/music/audio-analysis.js';
import { expectSeamlessLoop } from '../../unit/music/loop-seam.js';

const run = promisify(execFile);
const track = listMusicTracks().find((t) => t.categorySlug === 'electronic')!;
let workDir = '';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Reads our own 16-bit stereo WAV back into float channels. */
function decodeWav16(bytes: Buffer): { left: Float32Array; right: Float32Array } {
  const frames = bytes.readUInt32LE(40) / 4;
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    left[i] = bytes.readInt16LE(44 + 4 * i) / 32767;
    right[i] = bytes.readInt16LE(46 + 4 * i) / 32767;
  }
  return { left, right };
}

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'clipwright-music-'));
});

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('renderTrackWav', () => {
  it('renders a full track that ffprobe reads as 44.1 kHz stereo PCM of the catalog duration, identically twice', async () => {
    const firstPath = join(workDir, 'first.wav');
    const secondPath = join(workDir, 'second.wav');
    const started = performance.now();
    const { durationSeconds } = await renderTrackWav(track.id, firstPath);
    const renderMs = performance.now() - started;
    await renderTrackWav(track.id, secondPath);
    console.info(`rendered "${track.name}" (${durationSeconds.toFixed(2)} s of audio) in ${renderMs.toFixed(0)} ms`);

    expect(durationSeconds).toBeGreaterThanOrEqual(60);
    expect(Math.abs(durationSeconds - track.durationSeconds)).toBeLessThan(0.001);

    const [first, second] = await Promise.all([readFile(firstPath), readFile(secondPath)]);
    expect(sha256(first)).toBe(sha256(second));

    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,sample_rate,channels:format=duration',
      '-of',
      'json',
      firstPath,
    ]);
    const probe = JSON.parse(stdout) as { streams: Array<{ codec_name: string; sample_rate: string; channels: number }>; format: { duration: string } };
    expect(probe.streams[0]).toMatchObject({ codec_name: 'pcm_s16le', sample_rate: String(MUSIC_SAMPLE_RATE_HZ), channels: 2 });
    expect(Math.abs(Number(probe.format.duration) - durationSeconds)).toBeLessThan(0.01);

    const { left, right } = decodeWav16(first);
    expect(rms(left)).toBeGreaterThan(0.05);
    expectSeamlessLoop(left, MUSIC_SAMPLE_RATE_HZ, track.barCount, 'left');
    expectSeamlessLoop(right, MUSIC_SAMPLE_RATE_HZ, track.barCount, 'right');
    const tempo = estimateTempoBpm(mixToMono(left, right).subarray(0, 20 * MUSIC_SAMPLE_RATE_HZ), MUSIC_SAMPLE_RATE_HZ);
    expect(Math.min(...[0.5, 1, 2].map((f) => Math.abs(tempo / (track.bpm * f) - 1)))).toBeLessThan(0.03);
  }, 120_000);

  it('refuses an unknown track id', async () => {
    await expect(renderTrackWav('00000000-0000-5000-8000-000000000000', join(workDir, 'x.wav'))).rejects.toBeInstanceOf(NotFound);
  });
});

describe('ensureTrackFile', () => {
  it('renders once for concurrent callers, then reuses the file', async () => {
    const cacheDir = join(workDir, 'cache');
    const other = listMusicTracks().find((t) => t.categorySlug === 'acoustic')!;
    const [a, b] = await Promise.all([ensureTrackFile(other.id, cacheDir), ensureTrackFile(other.id, cacheDir)]);
    expect(a).toBe(b);
    expect(a).toBe(cachedTrackPath(other.id, cacheDir));
    const before = await stat(a);
    const again = await ensureTrackFile(other.id, cacheDir);
    expect(again).toBe(a);
    expect((await stat(again)).mtimeMs).toBe(before.mtimeMs);
    const { stdout } = await run('ls', [cacheDir]);
    expect(stdout.trim().split('\n')).toEqual([a.split('/').pop()]);
  }, 120_000);
});
