import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildVoiceCatalog } from '../../../src/domain/catalog/voices.js';
import { findSpeechIslands } from '../../../src/engines/speech/audio-frames.js';
import { OpenAiCompatibleSpeechEngine } from '../../../src/engines/speech/openai-compatible.js';
import { readWav } from '../../../src/engines/speech/wav.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { run, useTempDir } from './helpers.js';
import { createFfmpegEngine } from '../../../src/engines/ffmpeg/index.js';
const ffmpeg = createFfmpegEngine();

const tmp = useTempDir();
const API_KEY = 'sk-test-123';
const requests: Array<{ auth?: string; body: Record<string, unknown> }> = [];
let server: Server;
let baseUrl: string;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Speaks the OpenAI speech protocol, with espeak-ng as the "model". */
beforeAll(async () => {
  server = createServer(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/speech') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
    requests.push({ auth: req.headers.authorization, body });
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"message":"Incorrect API key"}}');
      return;
    }
    const voice = body.voice === 'nova' ? 'en-us+f3' : 'en-us';
    const wav = join(tmp.path, `server-${requests.length}.wav`);
    await run('espeak-ng', ['-v', voice, '-w', wav, String(body.input)]);
    if (body.response_format === 'mp3') {
      const mp3 = `${wav}.mp3`;
      await run('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-c:a', 'libmp3lame', mp3]);
      res.writeHead(200, { 'content-type': 'audio/mpeg' }).end(await readFile(mp3));
      return;
    }
    res.writeHead(200, { 'content-type': 'audio/wav' }).end(await readFile(wav));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const voices = [
  { name: 'nova', gender: 'female' as const },
  { name: 'onyx', gender: 'male' as const, locale: 'en-GB', languageName: 'English (Great Britain)' },
];

describe('OpenAI-compatible speech provider', () => {
  it('posts the protocol request and derives word timings from the returned audio', async () => {
    const engine = new OpenAiCompatibleSpeechEngine({ baseUrl, apiKey: API_KEY, model: 'tts-1', voices });
    const out = join(tmp.path, 'remote.wav');
    const text = 'Lemon. Summer. River, morning and yellow.';
    const result = await engine.synthesize({ text, engineVoice: 'nova', outWavPath: out, rate: 1.1 });
    expect(requests.at(-1)).toEqual({
      auth: `Bearer ${API_KEY}`,
      body: { model: 'tts-1', input: text, voice: 'nova', response_format: 'wav', speed: 1.1 },
    });
    const audio = await readWav(out);
    expect(result.durationSeconds).toBeCloseTo(audio.samples.length / audio.sampleRateHz, 3);
    expect(result.words.map((w) => w.word)).toEqual(['Lemon', 'Summer', 'River', 'morning', 'and', 'yellow']);
    const islands = findSpeechIslands(audio, { minGapSeconds: 0.1 });
    // The sentence pauses are found, so the first three words start on their own sound.
    for (let i = 0; i < 3; i++) expect(Math.abs(result.words[i]!.startSeconds - islands[i]!.start)).toBeLessThan(0.08);
  });

  it('decodes MP3 responses', async () => {
    const engine = new OpenAiCompatibleSpeechEngine({ baseUrl, apiKey: API_KEY, model: 'tts-1', voices, responseFormat: 'mp3' });
    const result = await engine.synthesize({ text: 'Hello from the remote voice.', engineVoice: 'onyx', outWavPath: join(tmp.path, 'r.wav') });
    expect(result.durationSeconds).toBeGreaterThan(1);
    expect(result.words).toHaveLength(5);
  });

  it('reports the provider’s refusal with its status and message', async () => {
    const engine = new OpenAiCompatibleSpeechEngine({ baseUrl, apiKey: 'wrong', model: 'tts-1', voices });
    await expect(engine.synthesize({ text: 'Hi.', engineVoice: 'nova', outWavPath: join(tmp.path, 'x.wav') })).rejects.toThrow(
      /answered 401.*Incorrect API key/,
    );
    const down = new OpenAiCompatibleSpeechEngine({ baseUrl: 'http://127.0.0.1:9', model: 'tts-1', voices });
    await expect(down.synthesize({ text: 'Hi.', engineVoice: 'nova', outWavPath: join(tmp.path, 'y.wav') })).rejects.toThrow(/unreachable/);
  });

  it('puts its voices in the catalog and speaks through the pipeline', async () => {
    const engine = new OpenAiCompatibleSpeechEngine({ baseUrl, apiKey: API_KEY, model: 'tts-1', voices });
    const catalog = buildVoiceCatalog(await engine.listVoices());
    expect(catalog.voices.map((v) => [v.name, v.gender, v.locale, v.kind])).toEqual([
      ['Onyx', 'male', 'en-GB', 'remote'],
      ['Nova', 'female', 'en-US', 'remote'],
    ]);
    const out = await synthesizeSpeech(
      { text: 'It costs $5.', voice: catalog.voices[1]! },
      { engines: { remote: engine }, ffmpeg },
      {
        workDir: join(tmp.path, 'pipe'),
      },
    );
    expect(requests.at(-1)!.body.input).toBe('It costs five dollars.');
    expect(out.words.map((w) => w.word)).toEqual(['It', 'costs', 'five', 'dollars']);
  });
});
