import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { expectSpokenInFull } from '../../helpers/speech-checks.js';
import { MAX_TRUE_PEAK_DBTP, SPEECH_LOUDNESS_LUFS } from '../../../src/core/loudness.js';
import { buildVoiceCatalog, findVoice, voiceIdFor } from '../../../src/domain/catalog/voices.js';
import { createFfmpegEngine, probeMedia } from '../../../src/engines/ffmpeg/index.js';
import { FliteEngine } from '../../../src/engines/speech/flite.js';
import { RhvoiceEngine } from '../../../src/engines/speech/rhvoice.js';
import { EspeakNgEngine } from '../../../src/engines/speech/espeak-ng.js';
import { synthesizeSpeech } from '../../../src/pipelines/speech/synthesize-speech.js';
import { useTempDir } from './helpers.js';

const run = promisify(execFile);
const ffmpeg = createFfmpegEngine();
const tmp = useTempDir();
const engines = { rhvoice: new RhvoiceEngine(), flite: new FliteEngine(), 'espeak-ng': new EspeakNgEngine() };
const TEXT = 'Meet the new travel bottle. It keeps your water cold for a full day, and it fits in any bag.';

/** EBU R128 integrated loudness and true peak (4× oversampled), as ffmpeg's ebur128 measures them. */
async function loudnessAndTruePeak(path: string): Promise<{ lufs: number; truePeakDbtp: number }> {
  const { stderr } = await run('ffmpeg', ['-nostats', '-i', path, '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-']);
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  return { lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)![1]), truePeakDbtp: Number(/Peak:\s+(-?[\d.]+) dBFS/.exec(summary)![1]) };
}

describe('speech loudness and the RHVoice engine', async () => {
  const catalog = buildVoiceCatalog((await Promise.all(Object.values(engines).map((e) => e.listVoices()))).flat());

  // Three engines whose raw levels differ by more than 10 LU (issue 14), one of them 8 kHz.
  it.each([
    ['rhvoice', 'clb'],
    ['flite', 'kal'],
    ['espeak-ng', 'en-us+f3'],
  ])('%s %s: the MP3 sits at -16 LUFS (±1 LU), true peak ≤ -1 dBTP, at least 16 kHz', async (engine, engineVoice) => {
    const voice = findVoice(catalog, voiceIdFor(engine, engineVoice))!;
    expect(voice, `${engine} ${engineVoice} listed`).toBeDefined();
    const out = await synthesizeSpeech({ text: TEXT, voice }, { engines, ffmpeg }, { workDir: join(tmp.path, `${engine}-${engineVoice}`) });
    const { lufs, truePeakDbtp } = await loudnessAndTruePeak(out.mp3Path);
    expect(Math.abs(lufs - SPEECH_LOUDNESS_LUFS), `${lufs} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeakDbtp).toBeLessThanOrEqual(MAX_TRUE_PEAK_DBTP);
    expect((await probeMedia(out.mp3Path)).audio!.sampleRateHz).toBeGreaterThanOrEqual(16000);
  });

  it('an RHVoice voice speaks: 24 kHz, a plausible length for the text, word timings for every word in order', async () => {
    const result = await engines.rhvoice.synthesize({ text: TEXT, engineVoice: 'bdl', outWavPath: join(tmp.path, 'bdl.wav') });
    // The length is paced on 19 of its words, as these tests always were.
    expectSpokenInFull(result, TEXT, 19);
  });

  it('lists only the voices whose data allows commercial use, and refuses the others by name', async () => {
    expect((await engines.rhvoice.listVoices()).map((v) => v.engineVoice).sort()).toEqual(['alan', 'bdl', 'clb', 'slt']);
    await expect(engines.rhvoice.synthesize({ text: 'Hello.', engineVoice: 'lyubov', outWavPath: join(tmp.path, 'x.wav') })).rejects.toThrow(
      /unknown RHVoice voice/,
    );
  });
});
