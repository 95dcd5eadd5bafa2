#!/usr/bin/env node
/**
 * Clipwright cut-out worker: @imgly/background-removal-node (AGPL-3.0) in a process of its own,
 * so the service never links AGPL code. It stays alive and answers one request at a time.
 *
 * Protocol on stdin/stdout, both directions: frames of
 *   [u32 big-endian length of the rest][u8 kind][payload]
 * Requests:  kind 1 = a PNG (or JPEG) photo.
 * Replies:   kind 2 = ready (sent once after the model is loaded; payload: JSON {model}),
 *            kind 3 = the photo as PNG with the background's alpha at 0 (same size as sent),
 *            kind 4 = error (payload: UTF-8 message); the worker keeps serving after it.
 * Nothing else is written to stdout; logs go to stderr.
 *
 * Environment: CUTOUT_MODEL = small | medium (default medium; `small` is faster, rougher).
 */
import { dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const KIND_PHOTO = 1;
const KIND_READY = 2;
const KIND_RESULT = 3;
const KIND_ERROR = 4;

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
// The package's entry lives in its dist/ folder, next to resources.json and the model chunks:
// everything is read from there, nothing is fetched from the network.
const distDir = dirname(require.resolve('@imgly/background-removal-node', { paths: [here] }));
const publicPath = pathToFileURL(distDir + '/').href;
const model = process.env.CUTOUT_MODEL === 'small' ? 'small' : 'medium';
const config = { publicPath, model, output: { format: 'image/png', quality: 1 } };

const { removeBackground } = await import('@imgly/background-removal-node');
const { default: sharp } = await import('sharp');

function writeFrame(kind, payload) {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(payload.length + 1, 0);
  head.writeUInt8(kind, 4);
  process.stdout.write(Buffer.concat([head, payload]));
}

function mimeOf(bytes) {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  return 'image/png';
}

async function cutOut(bytes) {
  const blob = await removeBackground(new Blob([bytes], { type: mimeOf(bytes) }), config);
  return Buffer.from(await blob.arrayBuffer());
}

// A tiny warm-up photo makes the library load its session (memoised per config) before we say ready.
const WARM_UP_PNG = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).png().toBuffer();

let queue = Promise.resolve();
let pending = Buffer.alloc(0);

function onData(chunk) {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  while (pending.length >= 4) {
    const length = pending.readUInt32BE(0);
    if (pending.length < 4 + length) break;
    const kind = pending.readUInt8(4);
    const payload = pending.subarray(5, 4 + length);
    pending = pending.subarray(4 + length);
    queue = queue.then(() => handle(kind, Buffer.from(payload)));
  }
}

async function handle(kind, payload) {
  if (kind !== KIND_PHOTO) {
    writeFrame(KIND_ERROR, Buffer.from(`unknown request kind ${kind}`));
    return;
  }
  try {
    writeFrame(KIND_RESULT, await cutOut(payload));
  } catch (err) {
    writeFrame(KIND_ERROR, Buffer.from(err instanceof Error ? err.message : String(err)));
  }
}

try {
  await cutOut(WARM_UP_PNG);
} catch (err) {
  process.stderr.write(`cutout worker: the model did not load: ${err instanceof Error ? err.stack : err}\n`);
  process.exit(2);
}
writeFrame(KIND_READY, Buffer.from(JSON.stringify({ model })));
process.stdin.on('data', onData);
// The service closing our stdin means it is gone or done with us.
process.stdin.on('end', () => process.exit(0));
