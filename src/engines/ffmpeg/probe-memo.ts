import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import type { MediaProbe } from './types.js';

type Probe = (path: string, opts?: { signal?: AbortSignal }) => Promise<MediaProbe>;

export interface ProbeMemoOptions {
  /** Files larger than this are probed every time: hashing them would cost more than ffprobe reading their header. */
  maxFileBytes?: number;
  /** Results kept, the least recently used dropped first. */
  maxEntries?: number;
}

export const PROBE_MEMO_DEFAULTS = { maxFileBytes: 16 * 1024 * 1024, maxEntries: 512 } as const;

/**
 * `probe` answered from memory when the same bytes were probed before. Clients send the same
 * logo, photo or voice sample with request after request, and every create-time check downloads
 * and probes it again: an ffprobe process costs ~50–80 ms of CPU, hashing a picture well under
 * a millisecond. The key is the content (SHA-256 and size) plus the file's extension, because
 * ffprobe picks some demuxers (image2) by the name. Failures are never kept.
 */
export function memoizeProbe(probe: Probe, options: ProbeMemoOptions = {}): Probe {
  const { maxFileBytes, maxEntries } = { ...PROBE_MEMO_DEFAULTS, ...options };
  const results = new Map<string, MediaProbe>();
  return async (path, opts) => {
    const size = await stat(path).then(
      (s) => (s.isFile() ? s.size : undefined),
      () => undefined,
    );
    if (size === undefined || size > maxFileBytes) return probe(path, opts);
    const key = `${extname(path).toLowerCase()}:${size}:${await sha256Of(path)}`;
    const known = results.get(key);
    if (known) {
      // Most recently used goes last, so the first key is the one to drop.
      results.delete(key);
      results.set(key, known);
      return structuredClone(known);
    }
    const fresh = await probe(path, opts);
    results.set(key, structuredClone(fresh));
    if (results.size > maxEntries) results.delete(results.keys().next().value as string);
    return fresh;
  };
}

function sha256Of(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
