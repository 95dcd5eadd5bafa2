/**
 * A state-variable filter in the "topology-preserving" form: unlike the classic Chamberlin filter
 * it stays stable at any cutoff below Nyquist, so envelopes can sweep it freely.
 */
import { cosTurns, sinTurns } from './deterministic-math.js';

export type FilterResponse = 'lowpass' | 'bandpass' | 'highpass';

export class StateVariableFilter {
  private state1 = 0;
  private state2 = 0;
  private a1 = 0;
  private a2 = 0;
  private a3 = 0;
  private damping = 2;

  constructor(
    private readonly sampleRateHz: number,
    private readonly response: FilterResponse,
  ) {}

  /** `resonance` 0..1; cutoff is clamped below Nyquist where the tangent would blow up. */
  setCutoff(cutoffHz: number, resonance: number): void {
    const clampedHz = Math.min(Math.max(cutoffHz, 20), this.sampleRateHz * 0.42);
    const halfTurn = clampedHz / (2 * this.sampleRateHz);
    const g = sinTurns(halfTurn) / cosTurns(halfTurn);
    this.damping = 2 - 1.9 * Math.min(Math.max(resonance, 0), 1);
    this.a1 = 1 / (1 + g * (g + this.damping));
    this.a2 = g * this.a1;
    this.a3 = g * this.a2;
  }

  process(input: number): number {
    const v3 = input - this.state2;
    const v1 = this.a1 * this.state1 + this.a2 * v3;
    const v2 = this.state2 + this.a2 * this.state1 + this.a3 * v3;
    this.state1 = 2 * v1 - this.state1;
    this.state2 = 2 * v2 - this.state2;
    if (this.response === 'lowpass') return v2;
    if (this.response === 'bandpass') return v1;
    return input - this.damping * v1 - v2;
  }
}
