import { execFile } from 'node:child_process';
import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSpokenInFull } from '../../helpers/speech-checks.js';
import { MAX_TRUE_PEAK_DBTP, SPEECH_LOUDNESS_LUFS } from '../../../src/core/loudness.js';
import { buildVoiceCatalog, findVoice, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { createFfmpegEngine, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { DEFAULT_PIPER_SIDECAR_DIR, modelCardLicence, PiperEngine } from '../../../src/engines/speech/piper.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { useTempDir } from './helpers.js';

const run = promisify(execFile);
const ffmpeg = createFfmpegEngine();
const tmp = useTempDir();
const piper = new PiperEngine();
const engines = { piper };
const TEXT = 'Meet the new travel bottle. It keeps your water cold for a full day, and it fits in any bag.';
const JOE = 'en_US-joe-medium';

/** EBU R128 integrated loudness and true peak (4× oversampled), as ffmpeg's ebur128 measures them. */
async function loudnessAndTruePeak(path: string): Promise<{ lufs: number; truePeakDbtp: number }> {
  const { stderr } = await run('ffmpeg', ['-nostats', '-i', path, '-af', 'ebur128=peak=true', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return { lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), truePeakDbtp: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]) };
}

describe('the Piper engine (sidecar in its own process)', () => {
  beforeAll(async () => {
    // Not skipped: a machine without the sidecar lacks the best voice, and that must show.
    const venv = join(DEFAULT_PIPER_SIDECAR_DIR, '.venv', 'bin', 'python');
    if (
      !(await access(venv).then(
        () => true,
        () => false,
      ))
    )
      throw new Error(`piper sidecar not installed (${venv} missing): run scripts/setup.sh`);
  });
  afterAll(() => piper.stop());

  it('lists the CC0 voice joe from the venv, without starting the worker', async () => {
    expect(await piper.listVoices()).toEqual([
      { engine: 'piper', engineVoice: JOE, locale: 'en-US', languageName: 'English (America)', gender: 'male', label: 'joe' },
    ]);
    expect(piper.workerPid).toBeUndefined();
  });

  it('joe speaks: ≥ 16 kHz, a plausible length for the text, word timings for every word in order', async () => {
    const result = await piper.synthesize({ text: TEXT, engineVoice: JOE, outWavPath: join(tmp.path, 'joe.wav') });
    // The length is paced on 19 of its words, as these tests always were. Piper samples its
    // durations: 16 draws of this text ran 5.08–5.44 s, and the shortest is 224 words a minute,
    // so its upper pace is 240 (a cut-off sentence would still be far shorter).
    expectSpokenInFull(result, TEXT, 19, 240);
  });

  it('a faster rate gives shorter speech (length scale = 1 / rate)', async () => {
    const normal = await piper.synthesize({ text: TEXT, engineVoice: JOE, outWavPath: join(tmp.path, 'r1.wav') });
    // 1.6× rather than a gentler rate: Piper's durations are sampled (they vary a few per cent from
    // run to run) and the worker's pauses between sentences are not scaled, so a small change could
    // drown in that noise.
    const fast = await piper.synthesize({ text: TEXT, engineVoice: JOE, outWavPath: join(tmp.path, 'r16.wav'), rate: 1.6 });
    expect(fast.durationSeconds / normal.durationSeconds).toBeGreaterThan(0.5);
    expect(fast.durationSeconds / normal.durationSeconds).toBeLessThan(0.85);
  });

  it('through the speech pipeline the MP3 sits at -16 LUFS (±1 LU), true peak ≤ -1 dBTP, at least 16 kHz', async () => {
    const catalog = buildVoiceCatalog(await piper.listVoices());
    const voice = findVoice(catalog, voiceIdFor('piper', JOE))!;
    const out = await synthesizeSpeech({ text: TEXT, voice }, { engines, ffmpeg }, { workDir: join(tmp.path, 'pipeline') });
    // Piper scales its output to full scale: the pipeline must bring it down.
    const { lufs, truePeakDbtp } = await loudnessAndTruePeak(out.mp3Path);
    expect(Math.abs(lufs - SPEECH_LOUDNESS_LUFS), `${lufs} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP);
    expect((await probeMedia(out.mp3Path)).audio!.sampleRateHz).toBeGreaterThanOrEqual(16000);
  });

  it('a worker that dies is started again on the next call, which speaks', async () => {
    await piper.synthesize({ text: 'Hello.', engineVoice: JOE, outWavPath: join(tmp.path, 'before.wav') });
    const pid = piper.workerPid!;
    process.kill(pid, 'SIGKILL');
    const after = await piper.synthesize({ text: 'Still here.', engineVoice: JOE, outWavPath: join(tmp.path, 'after.wav') });
    expect(piper.workerPid).not.toBe(pid);
    expect(after.durationSeconds).toBeGreaterThan(0.3);
    expect(after.words.map((w) => w.word)).toEqual(['Still', 'here']);
  });

  it('refuses a voice outside the licence allow-list without asking the worker', async () => {
    await expect(piper.synthesize({ text: 'Hello.', engineVoice: 'en_US-lessac-medium', outWavPath: join(tmp.path, 'x.wav') })).rejects.toThrow(
      /unknown piper voice/,
    );
  });
});

describe('piper voice licences', () => {
  it('reads the dataset licence from a model card', () => {
    expect(modelCardLicence('# Model card\n\n## Dataset\n\n* URL: https://x\n* License: CC0\n')).toBe('CC0');
    expect(modelCardLicence('no licence here')).toBeNull();
  });
});

describe('a piper sidecar that is not installed', () => {
  it('lists no voices', async () => {
    expect(await new PiperEngine({ sidecarDir: join(tmp.path, 'nowhere') }).listVoices()).toEqual([]);
  });
});
