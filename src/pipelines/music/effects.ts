/**
 * Reverb and echo. Both have tails that outlive the signal, so they run "circularly": the last
 * seconds of the loop are fed in first, which means the start of the loop already carries the
 * echoes of its end and the loop point has no gap or jump.
 */
import { decayOverSamples } from './deterministic-math.js';

interface Stereo {
  left: Float32Array;
  right: Float32Array;
}

/** Feedback comb with a damped (low-passed) feedback path: the body of a Schroeder reverb. */
class DampedComb {
  private readonly line: Float64Array;
  private index = 0;
  private lowpassed = 0;
  constructor(length: number, private readonly feedback: number, private readonly damping: number) {
    this.line = new Float64Array(length);
  }
  process(input: number): number {
    const output = this.line[this.index]!;
    this.lowpassed = output * (1 - this.damping) + this.lowpassed * this.damping;
    this.line[this.index] = input + this.lowpassed * this.feedback;
    this.index = this.index + 1 === this.line.length ? 0 : this.index + 1;
    return output;
  }
}

/** Schroeder all-pass: diffuses the comb echoes into a smooth wash without colouring the tone. */
class Allpass {
  private readonly line: Float64Array;
  private index = 0;
  constructor(length: number) {
    this.line = new Float64Array(length);
  }
  process(input: number): number {
    const delayed = this.line[this.index]!;
    const output = delayed - input;
    this.line[this.index] = input + delayed * 0.5;
    this.index = this.index + 1 === this.line.length ? 0 : this.index + 1;
    return output;
  }
}

/** Mutually prime delay lengths in milliseconds, so the echoes do not pile up on one pitch. */
const COMB_MS = [25.3, 26.9, 28.9, 30.7, 32.2, 33.8];
const ALLPASS_MS = [12.6, 10.0, 7.7, 5.1];
const STEREO_SPREAD_MS = 0.52;

function reverbChannel(sampleRateHz: number, decaySeconds: number, offsetMs: number): (input: number) => number {
  const combs = COMB_MS.map((ms) => {
    const length = Math.round(((ms + offsetMs) * sampleRateHz) / 1000);
    // Feedback so that a trip round this comb loses what a 60 dB fall over `decaySeconds` allows.
    const feedback = decayOverSamples(decaySeconds, length, sampleRateHz);
    return new DampedComb(length, feedback, 0.3);
  });
  const allpasses = ALLPASS_MS.map((ms) => new Allpass(Math.round(((ms + offsetMs) * sampleRateHz) / 1000)));
  return (input) => {
    let sum = 0;
    for (const comb of combs) sum += comb.process(input);
    let output = sum / combs.length;
    for (const allpass of allpasses) output = allpass.process(output);
    return output;
  };
}

/**
 * Runs `effect` over `input` as if it repeated forever: `preRollSamples` of the loop's end go in
 * first (outputs discarded), then the loop itself.
 */
function processCircular(input: Float32Array, preRollSamples: number, effect: (sample: number) => void, emit: (index: number) => void): void {
  const loopLength = input.length;
  const preRoll = Math.min(preRollSamples, loopLength);
  for (let i = loopLength - preRoll; i < loopLength; i++) effect(input[i]!);
  for (let i = 0; i < loopLength; i++) {
    effect(input[i]!);
    emit(i);
  }
}

/** Adds the reverb of the mono `send` to `target`. */
export function addCircularReverb(send: Float32Array, target: Stereo, sampleRateHz: number, decaySeconds: number, level: number): void {
  const left = reverbChannel(sampleRateHz, decaySeconds, 0);
  const right = reverbChannel(sampleRateHz, decaySeconds, STEREO_SPREAD_MS);
  let outLeft = 0;
  let outRight = 0;
  processCircular(
    send,
    Math.ceil(decaySeconds * 1.5 * sampleRateHz),
    (sample) => {
      outLeft = left(sample);
      outRight = right(sample);
    },
    (index) => {
      target.left[index] = target.left[index]! + outLeft * level;
      target.right[index] = target.right[index]! + outRight * level;
    },
  );
}

/** Ping-pong echo of the mono `send`: repeats alternate sides and darken as they fade. */
export function addCircularDelay(send: Float32Array, target: Stereo, sampleRateHz: number, delaySeconds: number, feedback: number): void {
  const length = Math.max(1, Math.round(delaySeconds * sampleRateHz));
  const leftLine = new Float64Array(length);
  const rightLine = new Float64Array(length);
  let index = 0;
  let darkened = 0;
  let outLeft = 0;
  let outRight = 0;
  // Enough repeats to fall 60 dB: feedback^n = 0.001.
  let repeats = 1;
  for (let level = feedback; level > 0.001 && repeats < 200; level *= feedback) repeats++;
  processCircular(
    send,
    length * (repeats + 1),
    (sample) => {
      outLeft = leftLine[index]!;
      outRight = rightLine[index]!;
      darkened = 0.6 * outRight + 0.4 * darkened;
      leftLine[index] = sample + darkened * feedback;
      rightLine[index] = outLeft * feedback;
      index = index + 1 === length ? 0 : index + 1;
    },
    (i) => {
      target.left[i] = target.left[i]! + outLeft;
      target.right[i] = target.right[i]! + outRight;
    },
  );
}
