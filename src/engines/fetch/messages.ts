/** Wording shared by the fetchers, so every refusal reads the same way. */
import type { MediaKind } from './port.js';

const MB = 1024 * 1024;
const KB = 1024;

export function formatBytes(bytes: number): string {
  if (bytes >= MB) return `${trimDecimal(bytes / MB)} MB`;
  if (bytes >= KB) return `${trimDecimal(bytes / KB)} KB`;
  return `${bytes} bytes`;
}

export function formatDurationMs(ms: number): string {
  return ms >= 1000 ? `${trimDecimal(ms / 1000)} s` : `${ms} ms`;
}

function trimDecimal(value: number): string {
  return String(Math.round(value * 10) / 10);
}

const KIND_NOUNS: Record<MediaKind, string> = {
  html: 'an HTML page',
  image: 'an image',
  audio: 'an audio file',
  video: 'a video',
};

export function describeKinds(kinds: MediaKind[]): string {
  return kinds.map((k) => KIND_NOUNS[k]).join(' or ');
}

export const tooLarge = (maxBytes: number) => `File is larger than ${formatBytes(maxBytes)}`;
export const timedOut = (timeoutMs: number) => `Timed out after ${formatDurationMs(timeoutMs)}`;
