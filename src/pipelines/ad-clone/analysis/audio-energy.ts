import type { WordTiming } from '../../../core/timing.js';
import type { Energy } from '../../../domain/ad-clone/ad-analysis.js';
import { monoPcmArgs } from '../../../engines/ffmpeg/args/audio-read.js';
import { rmsWindows } from '../../../engines/ffmpeg/measure.js';
import type { FfmpegEngine } from '../../../engines/ffmpeg/types.js';

export const ENERGY_SAMPLE_RATE_HZ = 8000;
const WINDOW_SECONDS = 0.25;
const SILENCE_DB = -90;

const round = (v: number) => Math.round(v * 10) / 10;
const toDb = (rms: number) => (rms > 0 ? Math.max(SILENCE_DB, 20 * Math.log10(rms)) : SILENCE_DB);
const meanDbOf = (rmsValues: number[]) => (rmsValues.length ? toDb(Math.sqrt(rmsValues.reduce((a, r) => a + r * r, 0) / rmsValues.length)) : null);

/**
 * Energy of the sound from mono PCM (s16le): RMS per 0.25 s window, split into windows with speech
 * (a transcript word overlaps them) and without (music, effects, silence).
 */
export function energyOf(pcm: Buffer, sampleRateHz: number, words: readonly WordTiming[]): Energy {
  const windows = rmsWindows(pcm, sampleRateHz, WINDOW_SECONDS);
  const speaks = (w: { startSeconds: number }) => words.some((x) => x.startSeconds < w.startSeconds + WINDOW_SECONDS && x.endSeconds > w.startSeconds);
  const voice = windows.filter(speaks).map((w) => w.rms);
  const background = windows.filter((w) => !speaks(w)).map((w) => w.rms);
  const meanDb = meanDbOf(windows.map((w) => w.rms)) ?? SILENCE_DB;
  const perSecond = Math.round(1 / WINDOW_SECONDS);
  const curveDb: number[] = [];
  for (let i = 0; i < windows.length; i += perSecond) curveDb.push(round(meanDbOf(windows.slice(i, i + perSecond).map((w) => w.rms)) ?? SILENCE_DB));
  const level: Energy['level'] = meanDb <= -60 ? 'silent' : meanDb < -30 ? 'calm' : meanDb < -18 ? 'moderate' : 'energetic';
  const v = meanDbOf(voice),
    b = meanDbOf(background);
  return {
    meanDb: round(meanDb),
    voiceDb: v === null ? null : round(v),
    backgroundDb: b === null ? null : round(b),
    speechShare: windows.length ? Math.round((voice.length / windows.length) * 100) / 100 : 0,
    level,
    curveDb,
  };
}

/** The reference's sound energy; a reference without sound reads as silent. */
export async function measureEnergy(
  ffmpeg: FfmpegEngine,
  path: string,
  hasAudio: boolean,
  words: readonly WordTiming[],
  signal?: AbortSignal,
): Promise<Energy> {
  const pcm = hasAudio ? await ffmpeg.capture(monoPcmArgs(path, { sampleRateHz: ENERGY_SAMPLE_RATE_HZ, dropVideo: true }), { signal }) : Buffer.alloc(0);
  return energyOf(pcm, ENERGY_SAMPLE_RATE_HZ, words);
}
