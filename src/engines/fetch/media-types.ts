import { describeMediaType } from '../../core/media-words.js';
import { describeKinds } from './messages.js';
import type { MediaKind } from './port.js';
import { sniffMediaType } from './sniff.js';

/**
 * Types servers send when they do not know (or do not say) what a file is; for these the bytes
 * decide. text/plain is here because old server defaults label unknown files that way.
 */
const GENERIC_TYPES = new Set([
  '',
  'application/octet-stream',
  'binary/octet-stream',
  'application/x-octet-stream',
  'application/binary',
  'application/unknown',
  'application/download',
  'application/force-download',
  'application/x-download',
  'application/ogg',
  'text/plain',
]);

/** Splits a Content-Type header into its lower-case essence and charset. */
export function parseContentType(header: string | undefined): { type: string; charset?: string } {
  if (!header) return { type: '' };
  const [essence = '', ...params] = header.split(';');
  const result: { type: string; charset?: string } = { type: essence.trim().toLowerCase() };
  for (const param of params) {
    const [name, value] = param.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value) {
      result.charset = value.trim().replace(/^"|"$/g, '').toLowerCase();
    }
  }
  return result;
}

export function isGenericType(type: string): boolean {
  return GENERIC_TYPES.has(type);
}

/**
 * The type a file is taken as. The declared type stands unless it says nothing (a generic type) or
 * names another kind of media than the first bytes show: an MP3 labelled image/png is audio, so a
 * picture field refuses it before anything tries to decode it. Audio against video is left to the
 * label when the container (MP4, WebM, Ogg) can hold either, since its first bytes cannot tell;
 * the create-time probe settles those.
 */
export function effectiveType(declaredType: string, head: Buffer): string {
  const sniffed = sniffMediaType(head);
  if (isGenericType(declaredType)) return sniffed ?? (declaredType || 'application/octet-stream');
  if (!sniffed) return declaredType;
  const declaredKind = mediaKindOf(declaredType);
  const sniffedKind = mediaKindOf(sniffed);
  if (declaredKind === sniffedKind) return declaredType;
  // MP3, WAV, FLAC and ADTS AAC hold sound only: their first bytes settle it whatever the label says.
  if (isPlayable(declaredKind) && isPlayable(sniffedKind) && !AUDIO_ONLY_FORMATS.has(sniffed)) return declaredType;
  return sniffed;
}

const AUDIO_ONLY_FORMATS = new Set(['audio/mpeg', 'audio/wav', 'audio/flac', 'audio/aac']);

function isPlayable(kind: MediaKind | null): boolean {
  return kind === 'audio' || kind === 'video';
}

export function mediaKindOf(type: string): MediaKind | null {
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  const top = type.split('/')[0];
  if (top === 'image' || top === 'audio' || top === 'video') return top;
  return null;
}

/** Why `type` is not among the accepted kinds, or null when it is (or when any type is fine). */
export function acceptanceProblem(type: string, accept: MediaKind[] | undefined): string | null {
  if (!accept || accept.length === 0) return null;
  const kind = mediaKindOf(type);
  if (kind && accept.includes(kind)) return null;
  const found = isGenericType(type) ? `of unknown type (${type || 'no content type'})` : describeMediaType(type);
  return `Expected ${describeKinds(accept)} but the file is ${found}`;
}
