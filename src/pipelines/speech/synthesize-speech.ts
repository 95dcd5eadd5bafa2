import { adPaceRate } from '../../domain/catalog/voice-pace.js';
import type { PhoneTiming, WordTiming } from '../../core/timing.js';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { MP3_PRESETS, mp3EncodeArgs } from '../../engines/ffmpeg/args/index.js';
import type { FfmpegEngine } from '../../engines/ffmpeg/index.js';
import { SpeechEngineError, type SpeechEngineId, type SpeechEngines } from '../../engines/speech/port.js';
import { readWav, writeWav } from '../../engines/speech/wav.js';
import type { Voice } from '../../domain/catalog/voices.js';
import { MIN_SPEECH_SAMPLE_RATE_HZ, SPEECH_LOUDNESS_LUFS } from '../../core/loudness.js';
import { joinTimedAudio, type TimedAudio } from './join-audio.js';
import { normalizeLoudness } from './normalize-loudness.js';
import { speechChunksWithBeat } from './speech-chunks-with-beat.js';
import { speechUnits } from './text/prepare-text.js';
import { attachShownWords } from './text/shown-words.js';
import type { ClonedVoiceSpec } from './voice-match/cloned-voice-spec.js';

/** A catalog voice or a cloned one: anything the speech pipeline can speak with. */
export type SpeechVoice = Voice | ClonedVoiceSpec;

export interface SpeechDeps {
  engines: SpeechEngines;
}

export interface SpeechOptions {
  workDir: string;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
  /** Parallel engine calls; the machines this targets have 2 cores. */
  concurrency?: number;
}

export interface SpeechOutput {
  mp3Path: string;
  durationSeconds: number;
  words: WordTiming[];
  /** The engine's phones when it reports them (espeak-ng, flite, festival): the mouth follows these. */
  phones?: PhoneTiming[];
}

/** An 8 kHz voice is brought up to this (a rate MP3 has and every player plays). */
const SPEECH_OUTPUT_RATE_HZ = 22050;

/** Part of progress spent synthesising; the rest is the MP3 encode. */
const SYNTH_SHARE = 0.9;

export function resolveEngineVoice(voice: SpeechVoice): {
  engine: SpeechEngineId;
  engineVoice: string;
  language: string;
  rate?: number;
  pitch?: number;
} {
  if (voice.kind === 'cloned') {
    return { engine: voice.base.engine, engineVoice: voice.base.engineVoice, language: voice.language, rate: voice.rate, pitch: voice.pitch };
  }
  return { engine: voice.engine, engineVoice: voice.engineVoice, language: voice.language, rate: adPaceRate(voice.id) };
}

/** Speech for one WAV: chunks synthesised (two at a time) and joined, timings offset. */
export async function synthesizeToWav(
  input: { text: string; voice: SpeechVoice },
  deps: Pick<SpeechDeps, 'engines'>,
  opts: SpeechOptions & { outWavPath: string },
): Promise<TimedAudio & { durationSeconds: number }> {
  const target = resolveEngineVoice(input.voice);
  const engine = deps.engines[target.engine];
  if (!engine) throw new SpeechEngineError(`speech engine ${target.engine} is not available`, '', true);
  const { chunks, beatBeforeChunk } = speechChunksWithBeat(input.text, { language: target.language, wholeParagraphs: engine.speaksWholeParagraphs });
  if (chunks.length === 0) throw new SpeechEngineError('the text has nothing to say: no letters or digits', '', true);
  await mkdir(opts.workDir, { recursive: true });

  const parts: TimedAudio[] = new Array(chunks.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const i = next++;
      opts.signal?.throwIfAborted();
      const wavPath = join(opts.workDir, `chunk-${String(i).padStart(4, '0')}.wav`);
      const result = await engine.synthesize({
        text: chunks[i]!,
        engineVoice: target.engineVoice,
        outWavPath: wavPath,
        rate: target.rate,
        pitch: target.pitch,
        signal: opts.signal,
      });
      parts[i] = { audio: await readWav(result.wavPath), words: result.words, phones: result.phones };
      await rm(wavPath, { force: true });
      done++;
      opts.onProgress?.((done / chunks.length) * SYNTH_SHARE);
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency ?? 2, chunks.length) }, worker));
  const joined = joinTimedAudio(parts, beatBeforeChunk === null ? {} : { beatBeforeChunks: [beatBeforeChunk] });
  await writeWav(opts.outWavPath, joined.audio);
  const words = attachShownWords(joined.words, speechUnits(input.text, target.language));
  return { ...joined, words, durationSeconds: joined.audio.samples.length / joined.audio.sampleRateHz };
}

/**
 * The whole text-to-speech pipeline: text → chunks → engine → joined WAV → MP3 with word timings,
 * at the speech loudness target (every voice equally loud) and at least 16 kHz.
 */
export async function synthesizeSpeech(
  input: { text: string; voice: SpeechVoice },
  deps: SpeechDeps & { ffmpeg: Pick<FfmpegEngine, 'run' | 'measureLoudness'> },
  opts: SpeechOptions,
): Promise<SpeechOutput> {
  const wavPath = join(opts.workDir, 'speech.wav');
  const mp3Path = join(opts.workDir, 'speech.mp3');
  const speech = await synthesizeToWav(input, deps, { ...opts, outWavPath: wavPath });
  const resampleToHz = speech.audio.sampleRateHz < MIN_SPEECH_SAMPLE_RATE_HZ ? SPEECH_OUTPUT_RATE_HZ : undefined;
  await normalizeLoudness(deps.ffmpeg, {
    input: wavPath,
    output: mp3Path,
    targetLufs: SPEECH_LOUDNESS_LUFS,
    resampleToHz,
    encodeArgs: (audioFilter) => mp3EncodeArgs({ input: wavPath, output: mp3Path, preset: MP3_PRESETS.speech, audioFilter }),
    signal: opts.signal,
    expectedDurationSeconds: speech.durationSeconds,
    onProgress: (f) => opts.onProgress?.(SYNTH_SHARE + f * (1 - SYNTH_SHARE)),
  });
  await rm(wavPath, { force: true });
  opts.onProgress?.(1);
  return { mp3Path, durationSeconds: speech.durationSeconds, words: speech.words, ...(speech.phones ? { phones: speech.phones } : {}) };
}
