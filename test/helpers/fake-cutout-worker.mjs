#!/usr/bin/env node
/**
 * A stand-in for sidecars/cutout/worker.mjs speaking the same frames, for fast tests of the
 * worker plumbing (queue, crash, timeout, abort). Keys out the top-left pixel's colour. The
 * top-left pixel also steers it: (1,2,3) → crash, (4,5,6) → never answers, (7,8,9) → error frame.
 */
import sharp from 'sharp';

function writeFrame(kind, payload) {
  const head = Buffer.alloc(5);
  head.writeUInt32BE(payload.length + 1, 0);
  head.writeUInt8(kind, 4);
  process.stdout.write(Buffer.concat([head, payload]));
}

async function handle(png) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [r, g, b] = [data[0], data[1], data[2]];
  if (r === 1 && g === 2 && b === 3) process.exit(3);
  if (r === 4 && g === 5 && b === 6) return new Promise(() => undefined);
  if (r === 7 && g === 8 && b === 9) return writeFrame(4, Buffer.from('this photo upset the fake worker'));
  for (let i = 0; i < info.width * info.height; i++) {
    const d = Math.abs(data[i * 4] - r) + Math.abs(data[i * 4 + 1] - g) + Math.abs(data[i * 4 + 2] - b);
    data[i * 4 + 3] = d > 60 ? 255 : 0;
  }
  writeFrame(
    3,
    await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } })
      .png()
      .toBuffer(),
  );
}

let pending = Buffer.alloc(0);
let queue = Promise.resolve();
process.stdin.on('data', (chunk) => {
  pending = Buffer.concat([pending, chunk]);
  while (pending.length >= 4 && pending.length >= 4 + pending.readUInt32BE(0)) {
    const length = pending.readUInt32BE(0);
    const payload = Buffer.from(pending.subarray(5, 4 + length));
    pending = pending.subarray(4 + length);
    queue = queue.then(() => handle(payload));
  }
});
process.stdin.on('end', () => process.exit(0));
writeFrame(2, Buffer.from('{}'));
