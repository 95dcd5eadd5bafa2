import { spawn } from 'node:child_process';
import { mkdtemp, open, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real file system of its own, small enough to fill: a tmpfs of `sizeMb` mounted on a temp
 * folder (the tests run as root). `fill` writes a file until the kernel answers ENOSPC; `free`
 * deletes it.
 */
export interface SmallDisk {
  path: string;
  fill(): Promise<number>;
  free(): Promise<void>;
  unmount(): Promise<void>;
}

export async function mountSmallDisk(sizeMb: number): Promise<SmallDisk> {
  const path = await mkdtemp(join(tmpdir(), 'cw-small-disk-'));
  await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=0755`, 'tmpfs', path]);
  const filler = join(path, 'filler.bin');
  return {
    path,
    /** Bytes written before the disk refused more. */
    async fill() {
      const file = await open(filler, 'a');
      let written = 0;
      try {
        // Big chunks first, then small ones, so the last free pages are taken too.
        for (const size of [1024 * 1024, 4096]) {
          const chunk = Buffer.alloc(size, 7);
          for (;;) {
            try {
              written += (await file.write(chunk)).bytesWritten;
            } catch (err) {
              if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
              break;
            }
          }
        }
      } finally {
        await file.close();
      }
      return written;
    },
    async free() {
      await rm(filler, { force: true });
    },
    async unmount() {
      await run('umount', ['-l', path]).catch(() => undefined);
      await rmdir(path).catch(() => undefined);
    },
  };
}

async function run(cmd: string, args: string[]): Promise<void> {
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err.trim()} (the disk-full test mounts a tmpfs and needs root)`);
}
