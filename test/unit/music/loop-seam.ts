/** The loop check shared by unit and integration tests. */
import { expect } from 'vitest';
import { percentile, rms, sortedSteps } from './audio-analysis.js';

/**
 * A loop is seamless when playing the last sample and then the first is no more abrupt than the
 * track's own sample-to-sample changes, and the loudness change across the loop point is no
 * bigger than at the track's other bar lines (the loop point is a downbeat, where new notes start).
 */
export function expectSeamlessLoop(channel: Float32Array, sampleRateHz: number, barCount: number, label: string): void {
  const steps = sortedSteps(channel);
  const seamStep = Math.abs(channel[0]! - channel[channel.length - 1]!);
  expect(seamStep, `${label}: step across the loop point`).toBeLessThanOrEqual(percentile(steps, 0.99));

  const window = Math.round(0.02 * sampleRateHz);
  const loudnessJump = (end: number, start: number): number =>
    Math.abs(Math.log((rms(channel, start, start + window) + 1e-6) / (rms(channel, end - window, end) + 1e-6)));
  const barSamples = channel.length / barCount;
  const barLineJumps: number[] = [];
  for (let bar = 1; bar < barCount; bar++) {
    const at = Math.round(bar * barSamples);
    barLineJumps.push(loudnessJump(at, at));
  }
  const seamJump = loudnessJump(channel.length, 0);
  expect(seamJump, `${label}: loudness change across the loop point`).toBeLessThanOrEqual(Math.max(...barLineJumps));
}
