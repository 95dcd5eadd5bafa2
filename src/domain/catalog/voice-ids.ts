import { uuidV5 } from '../../core/ids.js';

/**
 * Namespace of built-in voice ids. Never change it: every stored task, cloned voice and client
 * that remembers a voice id depends on ids staying the same across releases and machines.
 */
export const VOICE_ID_NAMESPACE = '5b0f3c9e-3d5e-4b8e-9a39-6f1d2c7a41d0';

/** The stable id of an engine's voice (the engine voice includes any variant, e.g. `en-us+f3`). */
export function voiceIdFor(engine: string, engineVoice: string): string {
  return uuidV5(`${engine}:${engineVoice}`, VOICE_ID_NAMESPACE);
}

export { uuidV5 };
