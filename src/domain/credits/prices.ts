/** Credits are integer millicredits everywhere below the wire. */
export const MILLI = 1000;

export function credits(amount: number): number {
  return Math.round(amount * MILLI);
}

/** "Per started unit": 31 s at 1 credit / 30 s costs 2 credits. Never less than one unit. */
export function perStartedUnit(durationSeconds: number, unitSeconds: number, creditsPerUnit: number): number {
  const units = Math.max(1, Math.ceil(Math.max(0, durationSeconds - 1e-6) / unitSeconds));
  return credits(units * creditsPerUnit);
}

/** `model_version` on avatar, URL and template endpoints: aurora models are priced per second. */
export type VideoModelVersion = 'standard' | 'aurora_v1' | 'aurora_v1_fast';

const AURORA_VIDEO_CREDITS_PER_SECOND: Record<Exclude<VideoModelVersion, 'standard'>, number> = { aurora_v1: 1, aurora_v1_fast: 0.5 };

/**
 * A direct create or a render of a video endpoint: 5 (create) or 4 (render) credits per started
 * 30 s, or, with an aurora model, its per-second price instead (the contract: "replacing the create
 * and render price"). Previews keep their 1 credit per 30 s.
 */
export function videoPrice(step: 'create' | 'render', durationSeconds: number, model: VideoModelVersion | null | undefined): number {
  if (model && model !== 'standard') return perStartedUnit(durationSeconds, 1, AURORA_VIDEO_CREDITS_PER_SECOND[model]);
  return perStartedUnit(durationSeconds, 30, step === 'create' ? 5 : 4);
}

/**
 * The steps of a planned video task (AI Avatar v1 and v2, URL to Video) and the price of each:
 * a direct create or a render at the video price (`videoPrice`), a preview (first or again) at
 * 1 credit per started 30 s. The one rule behind the hold (with an estimate) and the charge
 * (with the measured duration); URL to Video multiplies a preview by its number of styles.
 */
export type VideoStep = 'direct' | 'preview' | 'repreview' | 'render';

export function videoStepPrice(step: VideoStep, durationSeconds: number, model: VideoModelVersion | null | undefined): number {
  if (step === 'direct') return videoPrice('create', durationSeconds, model);
  if (step === 'render') return videoPrice('render', durationSeconds, model);
  return perStartedUnit(durationSeconds, 30, 1);
}

/** The model a video task was created with (stored in its input; older tasks have none). */
export function videoModelOf(input: Record<string, unknown>): VideoModelVersion {
  const m = input.modelVersion;
  return m === 'aurora_v1' || m === 'aurora_v1_fast' ? m : 'standard';
}

/**
 * The price table of the contract for what is not a task kind's own rule (a task kind prices its
 * steps in its definition, `*-kind.ts`, from the helpers above).
 */
export const prices = {
  link: () => credits(1),
  render: (durationSeconds: number) => perStartedUnit(durationSeconds, 30, 4),
  directCreate: (durationSeconds: number) => perStartedUnit(durationSeconds, 30, 5),
  /** Aurora: per started second, by model (and by resolution for aurora_v2). */
  aurora: (durationSeconds: number, creditsPerSecond: number) => perStartedUnit(durationSeconds, 1, creditsPerSecond),
  /** No published price: set by VOICE_CLONE_CREDITS (default 0). */
  voiceClone: (configuredCredits: number) => credits(Math.max(0, configuredCredits)),
  /** No published price: set by TEXT_GENERATION_CREDITS per request (default 0). */
  textGeneration: (configuredCredits: number) => credits(Math.max(0, configuredCredits)),
} as const;

export function toCredits(millicredits: number): number {
  return millicredits / MILLI;
}
