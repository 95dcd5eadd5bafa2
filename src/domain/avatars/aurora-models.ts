/**
 * Aurora's models as the contract names them, with what each means here: the output's short
 * side, the head motion the photo animator uses, the longest audio accepted and the price.
 * aurora_v1_fast trades size and head tilt for speed (drift only, 480p).
 */
export type AuroraModel = 'aurora_v1' | 'aurora_v1_fast' | 'aurora_v2';
export type AuroraResolution = '480p' | '720p' | '1080p' | '2k';

export const AURORA_MODELS: readonly AuroraModel[] = ['aurora_v1', 'aurora_v1_fast', 'aurora_v2'];
export const AURORA_RESOLUTIONS: readonly AuroraResolution[] = ['480p', '720p', '1080p', '2k'];

export interface AuroraSettings {
  resolution: AuroraResolution;
  headMotion: 'natural' | 'drift';
  maxAudioSeconds: number;
  creditsPerSecond: number;
}

const V2_CREDITS_PER_SECOND: Record<AuroraResolution, number> = { '480p': 0.4, '720p': 0.7, '1080p': 1.4, '2k': 2.8 };

/** The settings of a model; `resolution` is only chosen for aurora_v2 (the v1 models have a fixed size). */
export function auroraSettings(model: AuroraModel, resolution: AuroraResolution | null): AuroraSettings {
  if (model === 'aurora_v1') return { resolution: '720p', headMotion: 'natural', maxAudioSeconds: 300, creditsPerSecond: 1 };
  if (model === 'aurora_v1_fast') return { resolution: '480p', headMotion: 'drift', maxAudioSeconds: 300, creditsPerSecond: 0.5 };
  const chosen = resolution ?? '720p';
  return { resolution: chosen, headMotion: 'natural', maxAudioSeconds: chosen === '2k' ? 14.375 : 59.7, creditsPerSecond: V2_CREDITS_PER_SECOND[chosen] };
}
