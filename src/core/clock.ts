/** Time and ids behind a port, so tests can pin them. */
export interface Clock {
  nowMs(): number;
  nowIso(): string;
}

export const systemClock: Clock = {
  nowMs: () => Date.now(),
  nowIso: () => new Date().toISOString(),
};

export function fixedClock(startMs: number): Clock & { advance(ms: number): void } {
  let now = startMs;
  return {
    nowMs: () => now,
    nowIso: () => new Date(now).toISOString(),
    advance: (ms) => {
      now += ms;
    },
  };
}

export { newId } from './ids.js';
