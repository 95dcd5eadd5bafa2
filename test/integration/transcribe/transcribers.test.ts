import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RhvoiceEngine } from '../../../src/engines/speech/rhvoice.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/real-engine.js';
import {
  createOpenAiTranscriber,
  createTranscriber,
  parsePocketsphinxTimes,
  PocketsphinxTranscriber,
  TranscriptionError,
  WhisperTranscriber,
  wordsOfVerboseJson,
} from '../../../src/engines/transcribe/index.js';

const run = promisify(execFile);
const ffmpeg = createFfmpegEngine();
let dir: string;
/** 1 s of silence, then a sentence, as a video with an audio track. */
let spokenVideo: string;
let silentVideo: string;
const SENTENCE = 'The new desk lamp costs forty nine dollars and ships today.';

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'transcribe-test-'));
  const speech = join(dir, 'speech.wav');
  // RHVoice clb: the service's default voice, the clearest one it has.
  await new RhvoiceEngine().synthesize({ text: SENTENCE, engineVoice: 'clb', outWavPath: speech });
  spokenVideo = join(dir, 'spoken.mp4');
  await run('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:s=160x90:r=10',
    '-i',
    speech,
    '-filter_complex',
    '[1:a]adelay=1000:all=1,apad=pad_dur=0.5[a]',
    '-map',
    '0:v',
    '-map',
    '[a]',
    '-shortest',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-y',
    spokenVideo,
  ]);
  silentVideo = join(dir, 'silent.mp4');
  await run('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=gray:s=160x90:r=10:d=1', '-c:v', 'libx264', '-y', silentVideo]);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

const normalised = (words: { word: string }[]) => words.map((w) => w.word.toLowerCase().replace(/[^a-z0-9']/g, ''));

describe('Whisper sidecar', () => {
  const installed = WhisperTranscriber.installed();

  it('is installed by set-up on this machine kind', () => {
    // set-up installs it; without it captions fall back to pocketsphinx, which is far worse.
    expect(installed).toBe(true);
  });

  it('hears the words of a video and when they are said', async () => {
    const whisper = new WhisperTranscriber({ ffmpeg, cpuThreads: 1 });
    try {
      const progress: number[] = [];
      const t = await whisper.transcribe({ mediaPath: spokenVideo, onProgress: (f) => progress.push(f) });
      const heard = normalised(t.words);
      for (const word of ['new', 'desk', 'lamp', 'costs', 'ships', 'today']) expect(heard).toContain(word);
      expect(t.engine).toBe('whisper');
      expect(t.language).toBe('en');
      // The speech starts after the 1 s of silence and ends before the file does.
      expect(t.words[0]!.startSeconds).toBeGreaterThan(0.7);
      expect(t.words.at(-1)!.endSeconds).toBeLessThanOrEqual(t.durationSeconds + 0.05);
      for (let i = 1; i < t.words.length; i++) expect(t.words[i]!.startSeconds).toBeGreaterThanOrEqual(t.words[i - 1]!.startSeconds);
      expect(progress.at(-1)).toBe(1);
    } finally {
      whisper.stop();
    }
  }, 120_000);

  it('refuses a video with no audio track, for good', async () => {
    const whisper = new WhisperTranscriber({ ffmpeg });
    const err = await whisper.transcribe({ mediaPath: silentVideo }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TranscriptionError);
    expect((err as TranscriptionError).permanent).toBe(true);
  });
});

describe('pocketsphinx', () => {
  it("parses the decoder's timed segments, leaving out silences, fillers and alternates' marks", () => {
    const out =
      'you see\n<s> 0.000 0.020 0.99\nyou 0.030 0.450 0.90\n<sil> 0.830 1.050 0.99\nthat(2) 1.060 1.230 0.46\n[NOISE] 1.3 1.4 0.5\n</s> 5.240 5.540 1.000000\n';
    expect(parsePocketsphinxTimes(out)).toEqual([
      { word: 'you', startSeconds: 0.03, endSeconds: 0.45 },
      { word: 'that', startSeconds: 1.06, endSeconds: 1.23 },
    ]);
  });

  it('gives words with times inside the audio', async () => {
    const t = await new PocketsphinxTranscriber(ffmpeg).transcribe({ mediaPath: spokenVideo });
    expect(t.words.length).toBeGreaterThan(3);
    expect(t.words[0]!.startSeconds).toBeGreaterThan(0.7);
    expect(t.words.at(-1)!.endSeconds).toBeLessThanOrEqual(t.durationSeconds + 0.05);
  }, 60_000);
});

describe('remote OpenAI-compatible transcription', () => {
  let server: Server;
  let baseUrl: string;
  const seen: Array<{ auth?: string; fields: Record<string, string[]>; fileBytes: number }> = [];
  let reply: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const form = await new Request('http://mock', { method: 'POST', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }).formData();
      const fields: Record<string, string[]> = {};
      let fileBytes = 0;
      for (const [k, v] of form.entries()) {
        if (typeof v === 'string') fields[k] = [...(fields[k] ?? []), v];
        else fileBytes = v.size;
      }
      seen.push({ auth: req.headers.authorization, fields, fileBytes });
      res.writeHead(reply.status, { 'content-type': 'application/json' }).end(reply.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('sends WAV with word granularity and reads the words back', async () => {
    reply = {
      status: 200,
      body: JSON.stringify({
        text: 'Hello there.',
        language: 'english',
        duration: 2.5,
        words: [
          { word: 'Hello', start: 1.0, end: 1.3 },
          { word: 'there.', start: 1.35, end: 1.7 },
        ],
      }),
    };
    const t = await createOpenAiTranscriber({ ffmpeg, baseUrl, apiKey: 'k', model: 'whisper-1' }).transcribe({ mediaPath: spokenVideo, language: 'en' });
    expect(t).toMatchObject({ engine: 'remote', language: 'en', text: 'Hello there.', durationSeconds: 2.5 });
    expect(t.words).toEqual([
      { word: 'Hello', startSeconds: 1, endSeconds: 1.3 },
      { word: 'there.', startSeconds: 1.35, endSeconds: 1.7 },
    ]);
    const last = seen.at(-1)!;
    expect(last.auth).toBe('Bearer k');
    expect(last.fields).toMatchObject({ model: ['whisper-1'], response_format: ['verbose_json'], language: ['en'] });
    expect(last.fields['timestamp_granularities[]']).toContain('word');
    expect(last.fileBytes).toBeGreaterThan(44);
  });

  it('spreads words over segments when the server gives no word times', () => {
    expect(wordsOfVerboseJson({ segments: [{ text: ' one two ', start: 2, end: 3 }] })).toEqual([
      { word: 'one', startSeconds: 2, endSeconds: 2.5 },
      { word: 'two', startSeconds: 2.5, endSeconds: 3 },
    ]);
  });

  it("a 4xx is permanent with the provider's message; a 5xx may pass", async () => {
    const transcriber = createOpenAiTranscriber({ ffmpeg, baseUrl, model: 'whisper-1' });
    reply = { status: 400, body: JSON.stringify({ error: { message: 'Audio file is too short' } }) };
    const refused = (await transcriber.transcribe({ mediaPath: spokenVideo }).catch((e: unknown) => e)) as TranscriptionError;
    expect(refused.permanent).toBe(true);
    expect(refused.message).toContain('Audio file is too short');
    reply = { status: 503, body: 'busy' };
    const busy = (await transcriber.transcribe({ mediaPath: spokenVideo }).catch((e: unknown) => e)) as TranscriptionError;
    expect(busy).toBeInstanceOf(TranscriptionError);
    expect(busy.permanent).toBe(false);
  });

  it('is the one chosen when configured, in auto', () => {
    expect(createTranscriber(ffmpeg, { choice: 'auto', remote: { baseUrl, model: 'm' } }).id).toBe('remote');
    expect(createTranscriber(ffmpeg, { choice: 'pocketsphinx' }).id).toBe('pocketsphinx');
    expect(createTranscriber(ffmpeg, { choice: 'auto', whisperSidecarDir: join(dir, 'nowhere') }).id).toBe('pocketsphinx');
  });
});
