/**
 * Cut-out with IMG.LY's ISNet model (`@imgly/background-removal-node`, AGPL-3.0), which runs in
 * its own process — the sidecar in `sidecars/cutout/` — and is never imported here. The service
 * sends a PNG over a pipe and gets the PNG back with the background's alpha at 0.
 *
 * Speed: the photo is shrunk to at most 1024 px before it is sent (the model works at 1024² in any
 * case), and the returned alpha is scaled back up smoothly and applied to the original pixels, so
 * the product's own pixels keep their full resolution.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { NothingToCutOut, TaskFailure } from '../../core/errors.js';
import { applyMask, opaqueShare, pngWithin, resizeMask } from './alpha-mask.js';
import { FramedWorker, WorkerReplyError } from './framed-worker.js';
import type { CutoutEngine } from './port.js';

/** The sidecar's folder in the repository (src/engines/image → ../../../; the same from dist/). */
export const DEFAULT_CUTOUT_SIDECAR_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../sidecars/cutout');

/** The longest side sent to the worker. */
export const CUTOUT_SEND_MAX_SIDE_PX = 1024;

/** Below this share of (at least half-)opaque pixels the model found nothing to keep. */
export const MIN_OBJECT_SHARE = 0.005;

export interface ImglyCutoutOptions {
  sidecarDir?: string;
  /** ISNet size: `medium` (default; cleaner edges) or `small` (44 MB). */
  model?: 'small' | 'medium';
  /** One photo, once the worker has it. */
  requestTimeoutMs?: number;
  /** Loading the model at the worker's start. */
  startTimeoutMs?: number;
  /** The worker exits after this long idle, returning its ~0.8 GB (0 = stays). */
  idleExitMs?: number;
  /** The Node executable for the worker; default the service's own. */
  nodePath?: string;
  /** For tests: another worker script speaking the same frames. */
  workerScript?: string;
}

/** True when `npm ci` has run in the sidecar folder (scripts/setup.sh does it). */
export function imglySidecarInstalled(sidecarDir = DEFAULT_CUTOUT_SIDECAR_DIR): boolean {
  return (
    existsSync(join(sidecarDir, 'worker.mjs')) && existsSync(join(sidecarDir, 'node_modules', '@imgly', 'background-removal-node', 'dist', 'resources.json'))
  );
}

export interface ImglyCutoutEngine extends CutoutEngine {
  /** The worker process (for diagnostics and crash tests). */
  readonly worker: FramedWorker;
  close(): void;
}

export function createImglyCutout(opts: ImglyCutoutOptions = {}): ImglyCutoutEngine {
  const sidecarDir = opts.sidecarDir ?? DEFAULT_CUTOUT_SIDECAR_DIR;
  const script = opts.workerScript ?? join(sidecarDir, 'worker.mjs');
  const worker = new FramedWorker({
    label: 'cut-out worker',
    command: opts.nodePath ?? process.execPath,
    args: [script],
    cwd: dirname(script),
    env: { CUTOUT_MODEL: opts.model ?? 'medium' },
    startTimeoutMs: opts.startTimeoutMs ?? 120_000,
    requestTimeoutMs: opts.requestTimeoutMs ?? 120_000,
    idleExitMs: opts.idleExitMs ?? 10 * 60_000,
  });

  return {
    name: 'imgly-isnet',
    worker,
    close: () => worker.close(),
    async cutOut(photo, cutOpts) {
      if (!opts.workerScript && !imglySidecarInstalled(sidecarDir)) {
        throw new TaskFailure('The cut-out engine is not installed (run scripts/setup.sh, which installs sidecars/cutout).', false);
      }
      const sent = await pngWithin(photo, CUTOUT_SEND_MAX_SIDE_PX);
      let reply: Buffer;
      try {
        reply = await worker.request(sent.png, { signal: cutOpts?.signal });
      } catch (err) {
        if (err instanceof WorkerReplyError) throw new TaskFailure(`The cut-out failed on this photo: ${err.message}`, false);
        throw err;
      }
      const alpha = await alphaOf(reply, sent);
      const mask = await resizeMask(alpha, sent, photo);
      if (opaqueShare(mask) < MIN_OBJECT_SHARE) throw new NothingToCutOut();
      return applyMask(photo, mask);
    },
  };
}

async function alphaOf(png: Buffer, expected: { width: number; height: number }): Promise<Uint8Array> {
  const { data, info } = await sharp(png).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  if (info.width !== expected.width || info.height !== expected.height) {
    throw new TaskFailure(`The cut-out worker returned ${info.width}×${info.height} for a ${expected.width}×${expected.height} photo.`, true);
  }
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

const shared = new Map<string, ImglyCutoutEngine>();

/**
 * One sidecar per process and set of options: the model holds ~0.8 GB, so every container (and
 * every test app) of a process shares the same worker rather than starting its own.
 */
export function sharedImglyCutout(opts: ImglyCutoutOptions = {}): ImglyCutoutEngine {
  const key = JSON.stringify(opts);
  let engine = shared.get(key);
  if (!engine) {
    engine = createImglyCutout(opts);
    shared.set(key, engine);
  }
  return engine;
}
