import { rename } from 'node:fs/promises';
import { runProcess } from './run-process.js';

/**
 * Pitch and tempo changes after synthesis, for engines that cannot do them natively.
 * sox `pitch` keeps duration, `tempo` keeps pitch (WSOLA); both in one pass to limit artefacts.
 * Word timings must be divided by `tempoFactor` afterwards.
 */
export async function applyPitchTempo(wavPath: string, opts: { pitchFactor?: number; tempoFactor?: number; signal?: AbortSignal }): Promise<void> {
  const pitch = opts.pitchFactor ?? 1;
  const tempo = opts.tempoFactor ?? 1;
  const effects: string[] = [];
  if (Math.abs(pitch - 1) > 0.001) effects.push('pitch', (1200 * Math.log2(pitch)).toFixed(1));
  if (Math.abs(tempo - 1) > 0.001) effects.push('tempo', '-s', tempo.toFixed(4));
  if (effects.length === 0) return;
  const tmp = `${wavPath}.sox.wav`;
  await runProcess('sox', ['-q', wavPath, '-b', '16', tmp, ...effects], { signal: opts.signal });
  await rename(tmp, wavPath);
}
