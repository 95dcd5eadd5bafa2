/**
 * Jobs run in two lanes per worker, each with its own slots: `light` (speech, text, webhooks —
 * seconds of work) and `heavy` (video and image renders — tens of seconds of CPU). A light job
 * never waits for a render slot, so a TTS sent behind ten renders starts at once.
 */
export type Lane = 'light' | 'heavy';

export interface QueueLanes {
  laneOf(jobName: string): Lane;
  /** Slots of the light lane; the heavy lane takes the queue's `concurrency`. */
  lightConcurrency: number;
}

/** Each lane's job names and slots; without lanes, one lane runs every job. */
export function laneSlots(names: string[], concurrency: number, lanes: QueueLanes | undefined): { lane: Lane; names: string[]; slots: number }[] {
  if (!lanes) return [{ lane: 'heavy', names, slots: concurrency }];
  return (['light', 'heavy'] as const).map((lane) => ({
    lane,
    names: names.filter((n) => lanes.laneOf(n) === lane),
    slots: lane === 'light' ? lanes.lightConcurrency : concurrency,
  }));
}
