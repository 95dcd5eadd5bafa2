/**
 * Reverb and echo. Both have tails that outlive the signal, so they run "circularly": the last
 * seconds of the loop are fed in first, which means the start of the loop already carries the
 * echoes of its end and the loop point has no gap or jump. The pre-roll is long enough for the
 * tails to fall by 60 dB or more, so what is left out is inaudible.
 */
import { decayOverSamples } from './deterministic-math.js';

interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

/**
 * Feedback comb with a damped (low-passed) feedback path, the body of a Schroeder/Moorer reverb.
 * Filters run one at a time over the whole buffer: tight loops are several times faster in JS
 * than a per-sample chain of method calls.
 */
function addDampedComb(input: Float32Array, output: Float32Array, length: number, feedback: number, damping: number): void {
  const line = new Float64Array(length);
  let index = 0;
  let lowpassed = 0;
  for (let i = 0; i < input.length; i++) {
    const delayed = line[index]!;
    lowpassed = delayed * (1 - damping) + lowpassed * damping;
    line[index] = input[i]! + lowpassed * feedback;
    index = index + 1 === length ? 0 : index + 1;
    output[i] = output[i]! + delayed;
  }
}

/** Schroeder all-pass, in place: diffuses the comb echoes into a smooth wash. */
function allpassInPlace(buffer: Float32Array, length: number): void {
  const line = new Float64Array(length);
  let index = 0;
  for (let i = 0; i < buffer.length; i++) {
    const delayed = line[index]!;
    const input = buffer[i]!;
    line[index] = input + delayed * 0.5;
    index = index + 1 === length ? 0 : index + 1;
    buffer[i] = delayed - input;
  }
}

/** Delay lengths in milliseconds with no common multiple nearby, so echoes do not pile up on one pitch. */
const COMB_MS = [25.3, 26.9, 28.9, 30.7, 32.2, 33.8];
const ALLPASS_MS = [12.6, 10.0, 7.7, 5.1];
const STEREO_SPREAD_MS = 0.52;

/** The loop preceded by its last `preRollSamples`: fed to an effect, it behaves as if looping forever. */
function withPreRoll(loop: Float32Array, preRollSamples: number): { fed: Float32Array; preRoll: number } {
  const preRoll = Math.min(preRollSamples, loop.length);
  const fed = new Float32Array(preRoll + loop.length);
  fed.set(loop.subarray(loop.length - preRoll), 0);
  fed.set(loop, preRoll);
  return { fed, preRoll };
}

function reverbChannel(fed: Float32Array, sampleRateHz: number, decaySeconds: number, offsetMs: number): Float32Array {
  const wet = new Float32Array(fed.length);
  for (const ms of COMB_MS) {
    const length = Math.round(((ms + offsetMs) * sampleRateHz) / 1000);
    // Feedback so that a trip round this comb loses what a 60 dB fall over `decaySeconds` allows.
    addDampedComb(fed, wet, length, decayOverSamples(decaySeconds, length, sampleRateHz), 0.3);
  }
  for (const ms of ALLPASS_MS) allpassInPlace(wet, Math.round(((ms + offsetMs) * sampleRateHz) / 1000));
  return wet;
}

/** Adds the reverb of the mono `send` to `target`. */
export function addCircularReverb(send: Float32Array, target: Stereo, sampleRateHz: number, decaySeconds: number, level: number): void {
  const { fed, preRoll } = withPreRoll(send, Math.ceil(decaySeconds * 1.5 * sampleRateHz));
  const gain = level / COMB_MS.length;
  const channels: Array<[Float32Array, number]> = [
    [target.left, 0],
    [target.right, STEREO_SPREAD_MS],
  ];
  for (const [out, offsetMs] of channels) {
    const wet = reverbChannel(fed, sampleRateHz, decaySeconds, offsetMs);
    for (let i = 0; i < out.length; i++) out[i] = out[i]! + wet[preRoll + i]! * gain;
  }
}

/** Ping-pong echo of the mono `send`: repeats alternate sides and darken as they fade. */
export function addCircularDelay(send: Float32Array, target: Stereo, sampleRateHz: number, delaySeconds: number, feedback: number): void {
  const length = Math.max(1, Math.round(delaySeconds * sampleRateHz));
  const leftLine = new Float64Array(length);
  const rightLine = new Float64Array(length);
  let index = 0;
  let darkened = 0;
  // Enough repeats to fall 60 dB: feedback^n = 0.001.
  let repeats = 1;
  for (let level = feedback; level > 0.001 && repeats < 200; level *= feedback) repeats++;
  const { fed, preRoll } = withPreRoll(send, length * (repeats + 1));
  for (let j = 0; j < fed.length; j++) {
    const input = fed[j]!;
    const i = j - preRoll;
    const outLeft = leftLine[index]!;
    const outRight = rightLine[index]!;
    darkened = 0.6 * outRight + 0.4 * darkened;
    leftLine[index] = input + darkened * feedback;
    rightLine[index] = outLeft * feedback;
    index = index + 1 === length ? 0 : index + 1;
    if (i >= 0) {
      target.left[i] = target.left[i]! + outLeft;
      target.right[i] = target.right[i]! + outRight;
    }
  }
}
