import { statfs } from 'node:fs/promises';

/** Free and total bytes of the file system a path is on (what an unprivileged process may use). */
export async function diskSpace(path: string): Promise<{ freeBytes: number; totalBytes: number }> {
  const s = await statfs(path);
  return { freeBytes: s.bavail * s.bsize, totalBytes: s.blocks * s.bsize };
}
