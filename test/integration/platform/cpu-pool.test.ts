/**
 * The CPU pool and the work moved onto it: music synthesis and voice-sample analysis run on
 * worker threads (the main thread's event loop keeps turning meanwhile), give the same bytes and
 * numbers as in the calling thread, and fail with the same errors.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { isMainThread } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listMusicTracks } from '../../../src/domain/catalog/music.js';
import { AppError, NotFound, TaskFailure } from '../../../src/core/errors.js';
import { configureCpuPool, DEFAULT_CPU_WORKERS, sharedCpuPool } from '../../../src/engines/cpu/off-thread.js';
import { CpuWorkerPool } from '../../../src/engines/cpu/worker-pool.js';
import { renderTrackWav } from '../../../src/pipelines/music/render-track.js';
import { trackWavOffThread } from '../../../src/pipelines/music/track-wav-worker.js';
import { analyzeVoiceSample, VoiceSampleRejected } from '../../../src/pipelines/speech/voice-match/analyze-sample.js';
import { sampleWavOffThread } from '../../../src/pipelines/speech/voice-match/sample-wav-worker.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const run = promisify(execFile);
const probe = new URL('../../helpers/cpu-probe.ts', import.meta.url);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Counts turns of the main thread's event loop while `work` runs. */
async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    return { result: await work(), turns };
  } finally {
    running = false;
  }
}

let dir = '';
let pool: CpuWorkerPool;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cw-cpu-pool-'));
  pool = new CpuWorkerPool(1);
});

afterAll(async () => {
  await pool?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('CpuWorkerPool', () => {
  it('runs the named function on a worker thread, the same one for consecutive calls', async () => {
    expect(isMainThread).toBe(true);
    const first = await pool.run<{ isMainThread: boolean; threadId: number }>(probe, 'whereAmI', []);
    const second = await pool.run<{ isMainThread: boolean; threadId: number }>(probe, 'whereAmI', []);
    expect(first.isMainThread).toBe(false);
    expect(first.threadId).not.toBe(0);
    expect(second.threadId).toBe(first.threadId);
  });

  it('moves typed arrays both ways instead of copying them', async () => {
    const samples = Float32Array.from([0.25, -0.5, 1]);
    const reply = await pool.run<{ received: number; out: Float32Array }>(probe, 'doubled', [samples]);
    expect(reply.received).toBe(3);
    expect(Array.from(reply.out)).toEqual([0.5, -1, 2]);
    // The argument's memory went to the worker: this side's view is detached.
    expect(samples.byteLength).toBe(0);
  });

  it('rejects with the error thrown in the worker, rebuilt as the catalog class it came from', async () => {
    const task = await pool.run(probe, 'failWith', ['task']).catch((e: unknown) => e);
    expect(task).toBeInstanceOf(TaskFailure);
    expect(task).toMatchObject({ name: 'TaskFailure', reason: 'The sample is unusable.', transient: true });
    const notFound = await pool.run(probe, 'failWith', ['not-found']).catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(AppError);
    expect(notFound).toMatchObject({ name: 'NotFound', status: 404, code: 'not_found', message: new NotFound('music track').message });
    const plain = await pool.run(probe, 'failWith', ['plain']).catch((e: unknown) => e);
    expect(plain).toMatchObject({ message: 'plain failure', code: 'E_PLAIN' });
    await expect(pool.run(probe, 'noSuchExport', [])).rejects.toThrow(/has no function "noSuchExport"/);
  });

  it('aborts a running call by ending its worker, aborts a waiting call, and then still serves calls', async () => {
    const running = new AbortController();
    const waiting = new AbortController();
    const endless = pool.run(probe, 'spinForever', [], { signal: running.signal }).catch((e: unknown) => e);
    const queued = pool.run(probe, 'whereAmI', [], { signal: waiting.signal }).catch((e: unknown) => e);
    waiting.abort();
    expect(await queued).toMatchObject({ name: 'AbortError' });
    running.abort();
    expect(await endless).toMatchObject({ name: 'AbortError' });
    const after = await pool.run<{ isMainThread: boolean }>(probe, 'whereAmI', []);
    expect(after.isMainThread).toBe(false);
    const already = new AbortController();
    already.abort();
    await expect(pool.run(probe, 'whereAmI', [], { signal: already.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('fails the call of a worker that exits, and starts a fresh worker for the next call', async () => {
    const before = await pool.run<{ threadId: number }>(probe, 'whereAmI', []);
    await expect(pool.run(probe, 'exitThread', [])).rejects.toThrow(/exited \(code 3\)/);
    const after = await pool.run<{ threadId: number; isMainThread: boolean }>(probe, 'whereAmI', []);
    expect(after.isMainThread).toBe(false);
    expect(after.threadId).not.toBe(before.threadId);
  });
});

describe('work moved off the event loop', () => {
  const track = listMusicTracks().find((t) => t.categorySlug === 'ambient') ?? listMusicTracks()[0]!;

  it('uses the shared pool by default', () => {
    expect(DEFAULT_CPU_WORKERS).toBeGreaterThanOrEqual(1);
    expect(sharedCpuPool()).not.toBeNull();
  });

  it('synthesises a track on a worker while the event loop keeps turning, byte-identical to the in-thread render', async () => {
    const path = join(dir, 'track.wav');
    const { result, turns } = await loopTurnsDuring(() => renderTrackWav(track.id, path));
    // A render in this thread is one synchronous call of a second or more: the loop would not turn.
    expect(turns).toBeGreaterThan(100);
    expect(Math.abs(result.durationSeconds - track.durationSeconds)).toBeLessThan(0.001);
    const inThread = await trackWavOffThread.inThread(track.id);
    expect(sha256(await readFile(path))).toBe(sha256(inThread.wav));
    // And identical to a render in another process (the library is deterministic everywhere).
    const { stdout: otherProcess } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `
        const { renderTrackWavBytes } = await import('./src/pipelines/music/track-wav-worker.ts');
        const { createHash } = await import('node:crypto');
        process.stdout.write(createHash('sha256').update(renderTrackWavBytes(${JSON.stringify(track.id)}).wav).digest('hex'));`,
      ],
      { cwd: join(import.meta.dirname, '..', '..', '..') },
    );
    expect(otherProcess).toBe(sha256(inThread.wav));
    await expect(renderTrackWav('00000000-0000-5000-8000-000000000000', join(dir, 'x.wav'))).rejects.toBeInstanceOf(NotFound);
  });

  it('measures a voice sample on a worker while the event loop keeps turning, the same numbers as in-thread', async () => {
    const wav = join(dir, 'voice.wav');
    await run('espeak-ng', [
      '-v',
      'en-us',
      '-w',
      join(dir, 'raw.wav'),
      'The quick brown fox jumps over the lazy dog, and then it runs back home across the quiet field before dark.',
    ]);
    await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', join(dir, 'raw.wav'), '-ar', '16000', '-ac', '1', wav]);
    const { result, turns } = await loopTurnsDuring(() => sampleWavOffThread.run([wav, 600]));
    expect(turns).toBeGreaterThan(10);
    expect(result.profile).not.toBeNull();
    expect(result).toEqual(await sampleWavOffThread.inThread(wav, 600));
    const profile = await analyzeVoiceSample(wav, { ffmpeg });
    expect(profile).toEqual(result.profile);
  });

  it('rejects unusable samples with the same errors as before', async () => {
    const silence = join(dir, 'silence.wav');
    await run('sox', ['-n', '-r', '16000', '-b', '16', silence, 'trim', '0', '8']);
    const rejected = await analyzeVoiceSample(silence, { ffmpeg }).catch((e: unknown) => e);
    expect(rejected).toBeInstanceOf(VoiceSampleRejected);
    expect((rejected as VoiceSampleRejected).reason).toMatch(/of speech; at least 5 s/);
    // A file that is not WAV fails inside the worker with the reader's own message.
    const notWav = join(dir, 'not.wav');
    await writeFile(notWav, 'plain text, not a RIFF file');
    const offThread = await sampleWavOffThread.run([notWav, 600]).catch((e: unknown) => e);
    const inThread = await sampleWavOffThread.inThread(notWav, 600).catch((e: unknown) => e);
    expect(offThread).toBeInstanceOf(Error);
    expect((offThread as Error).message).toBe((inThread as Error).message);
  });

  it('runs in the calling thread when configured with no workers (the benchmark baseline)', async () => {
    await configureCpuPool({ workers: 0 });
    try {
      expect(sharedCpuPool()).toBeNull();
      const { result, turns } = await loopTurnsDuring(() => trackWavOffThread.run([track.id]));
      expect(turns).toBeLessThanOrEqual(2);
      expect(result.durationSeconds).toBeGreaterThan(0);
    } finally {
      await configureCpuPool({ workers: DEFAULT_CPU_WORKERS });
    }
  });
});
