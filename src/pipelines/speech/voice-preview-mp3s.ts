import type { BlobProducer } from '../../engines/blobs/lazy-blobs.js';

/** Where a voice's preview sample is kept: `voice-previews/<voice id>.mp3` (made on first request). */
export const VOICE_PREVIEW_PREFIX = 'voice-previews/';

/** Voice preview samples for LazyBlobs: the voice id read from the key, rendered by `render`; null for other keys. */
export function voicePreviewMp3s(render: (voiceId: string, workDir: string) => Promise<string>): BlobProducer {
  return async (key, workDir) => (key.startsWith(VOICE_PREVIEW_PREFIX) ? render(key.slice(VOICE_PREVIEW_PREFIX.length).replace(/\.mp3$/, ''), workDir) : null);
}
