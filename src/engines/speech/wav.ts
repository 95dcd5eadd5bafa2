import { readFile, writeFile } from 'node:fs/promises';

/** Mono PCM audio as floats in [-1, 1]. */
export interface PcmAudio {
  sampleRateHz: number;
  samples: Float32Array;
}

function findChunk(buf: Buffer, id: string, from: number): { offset: number; size: number } | null {
  let pos = from;
  while (pos + 8 <= buf.length) {
    const size = buf.readUInt32LE(pos + 4);
    if (buf.toString('ascii', pos, pos + 4) === id) return { offset: pos + 8, size };
    pos += 8 + size + (size % 2);
  }
  return null;
}

/**
 * Decodes 16-bit PCM WAV (what every engine here writes). Channels are averaged to mono.
 * Streaming tools write 0 or 0xFFFFFFFF as the data size; then the data runs to the end of file.
 */
export function decodeWav(buf: Buffer): PcmAudio {
  if (buf.length < 12 || buf.toString('ascii', 0, 4) !== 'RIFF' || buf.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('not a RIFF/WAVE file');
  }
  const fmt = findChunk(buf, 'fmt ', 12);
  if (!fmt) throw new Error('WAV without fmt chunk');
  const format = buf.readUInt16LE(fmt.offset);
  const channels = buf.readUInt16LE(fmt.offset + 2);
  const sampleRateHz = buf.readUInt32LE(fmt.offset + 4);
  const bits = buf.readUInt16LE(fmt.offset + 14);
  if ((format !== 1 && format !== 0xfffe) || bits !== 16) {
    throw new Error(`unsupported WAV encoding (format ${format}, ${bits} bits)`);
  }
  const data = findChunk(buf, 'data', fmt.offset + fmt.size);
  if (!data) throw new Error('WAV without data chunk');
  const available = buf.length - data.offset;
  const bytes = data.size === 0 || data.size > available ? available : data.size;
  const frames = Math.floor(bytes / (2 * channels));
  const samples = new Float32Array(frames);
  if (channels === 1) {
    // Fast path (every engine here writes mono): copy once to get an aligned Int16 view.
    const pcm = new Int16Array(buf.buffer.slice(buf.byteOffset + data.offset, buf.byteOffset + data.offset + frames * 2));
    for (let i = 0; i < frames; i++) samples[i] = pcm[i]! / 32768;
    return { sampleRateHz, samples };
  }
  for (let i = 0; i < frames; i++) {
    let sum = 0;
    for (let c = 0; c < channels; c++) sum += buf.readInt16LE(data.offset + (i * channels + c) * 2);
    samples[i] = sum / channels / 32768;
  }
  return { sampleRateHz, samples };
}

export function encodeWav(audio: PcmAudio): Buffer {
  const n = audio.samples.length;
  const buf = Buffer.alloc(44 + n * 2);
  buf.write('RIFF', 0, 'ascii');
  buf.writeUInt32LE(36 + n * 2, 4);
  buf.write('WAVE', 8, 'ascii');
  buf.write('fmt ', 12, 'ascii');
  buf.writeUInt32LE(16, 16);
  buf.writeUInt16LE(1, 20);
  buf.writeUInt16LE(1, 22);
  buf.writeUInt32LE(audio.sampleRateHz, 24);
  buf.writeUInt32LE(audio.sampleRateHz * 2, 28);
  buf.writeUInt16LE(2, 32);
  buf.writeUInt16LE(16, 34);
  buf.write('data', 36, 'ascii');
  buf.writeUInt32LE(n * 2, 40);
  const pcm = new Int16Array(n);
  for (let i = 0; i < n; i++) pcm[i] = Math.round(Math.max(-1, Math.min(1, audio.samples[i]!)) * 32767);
  Buffer.from(pcm.buffer).copy(buf, 44);
  return buf;
}

export async function readWav(path: string): Promise<PcmAudio> {
  return decodeWav(await readFile(path));
}

export async function writeWav(path: string, audio: PcmAudio): Promise<void> {
  await writeFile(path, encodeWav(audio));
}

export function durationSecondsOf(audio: PcmAudio): number {
  return audio.samples.length / audio.sampleRateHz;
}
