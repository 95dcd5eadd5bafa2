/**
 * Transcendental functions built only from + - * / (which IEEE 754 rounds exactly the same on
 * every machine). Math.sin, Math.exp and Math.pow are allowed to differ between engines and
 * platforms, so the synthesiser never calls them: the same track must give the same bytes
 * wherever it is rendered.
 */

export const PI = Math.PI;
export const TWO_PI = 2 * PI;
const LN2 = Math.LN2;

/** Taylor series of sin around 0; accurate to double precision on [-PI, PI] with 24 terms. */
function seriesSin(x: number): number {
  let term = x;
  let sum = x;
  const xSquared = x * x;
  for (let n = 1; n < 24; n++) {
    term = (-term * xSquared) / (2 * n * (2 * n + 1));
    sum += term;
  }
  return sum;
}

const SINE_TABLE_SIZE = 8192;
/** One period plus a guard entry so interpolation never reads past the end. */
const SINE_TABLE = (() => {
  const table = new Float64Array(SINE_TABLE_SIZE + 1);
  for (let i = 0; i <= SINE_TABLE_SIZE; i++) {
    const x = (i / SINE_TABLE_SIZE) * TWO_PI;
    table[i] = seriesSin(x <= PI ? x : x - TWO_PI);
  }
  return table;
})();

/** sin(2π·phaseTurns): phase in turns so oscillators can wrap a phase accumulator cheaply. */
export function sinTurns(phaseTurns: number): number {
  const wrapped = phaseTurns - Math.floor(phaseTurns);
  const position = wrapped * SINE_TABLE_SIZE;
  const index = Math.floor(position);
  const fraction = position - index;
  const a = SINE_TABLE[index]!;
  const b = SINE_TABLE[index + 1]!;
  return a + (b - a) * fraction;
}

export function cosTurns(phaseTurns: number): number {
  return sinTurns(phaseTurns + 0.25);
}

/** 2^x by integer/fraction split; the fraction goes through a short exp series. */
export function exp2(x: number): number {
  const whole = Math.floor(x);
  const fraction = (x - whole) * LN2;
  let term = 1;
  let sum = 1;
  for (let n = 1; n < 18; n++) {
    term = (term * fraction) / n;
    sum += term;
  }
  let scale = 1;
  if (whole >= 0) for (let i = 0; i < whole; i++) scale *= 2;
  else for (let i = 0; i < -whole; i++) scale *= 0.5;
  return sum * scale;
}

export function expDet(x: number): number {
  return exp2(x / LN2);
}

export function midiToHz(midiNote: number): number {
  return 440 * exp2((midiNote - 69) / 12);
}

/** Per-sample multiplier that makes a value fall by 60 dB over `seconds`. */
export function decayPerSample(seconds: number, sampleRateHz: number): number {
  if (seconds <= 0) return 0;
  // 60 dB = factor 1000 = 2^9.9658
  return exp2(-9.965784284662087 / (seconds * sampleRateHz));
}

/** Gain left after `samples` of a fall of 60 dB per `seconds`: feedback for a delay of that length. */
export function decayOverSamples(seconds: number, samples: number, sampleRateHz: number): number {
  return exp2((-9.965784284662087 * samples) / (seconds * sampleRateHz));
}

export function dbToGain(db: number): number {
  // 10^(db/20) = 2^(db·log2(10)/20)
  return exp2((db * 3.321928094887362) / 20);
}

/** A smooth saturator with unit slope at 0, used to tame peaks without hard clipping. */
export function softClip(x: number): number {
  if (x > 3) return 1;
  if (x < -3) return -1;
  const xSquared = x * x;
  return (x * (27 + xSquared)) / (27 + 9 * xSquared);
}
