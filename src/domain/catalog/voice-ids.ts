import { createHash } from 'node:crypto';

/**
 * Namespace of built-in voice ids. Never change it: every stored task, cloned voice and client
 * that remembers a voice id depends on ids staying the same across releases and machines.
 */
export const VOICE_ID_NAMESPACE = '5b0f3c9e-3d5e-4b8e-9a39-6f1d2c7a41d0';

function uuidBytes(uuid: string): Buffer {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex');
}

/** RFC 4122 version 5 (SHA-1, name-based) UUID. */
export function uuidV5(name: string, namespace: string): string {
  const hash = createHash('sha1').update(uuidBytes(namespace)).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The stable id of an engine's voice (the engine voice includes any variant, e.g. `en-us+f3`). */
export function voiceIdFor(engine: string, engineVoice: string): string {
  return uuidV5(`${engine}:${engineVoice}`, VOICE_ID_NAMESPACE);
}
