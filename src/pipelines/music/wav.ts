/** 16-bit PCM WAV encoding of a stereo float mix. */
import type { StereoAudio } from './mixdown.js';

const HEADER_BYTES = 44;

export function encodeWav16(audio: StereoAudio): Buffer {
  const frameCount = audio.left.length;
  const channelCount = 2;
  const bytesPerSample = 2;
  const dataBytes = frameCount * channelCount * bytesPerSample;
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channelCount, 22);
  buffer.writeUInt32LE(audio.sampleRateHz, 24);
  buffer.writeUInt32LE(audio.sampleRateHz * channelCount * bytesPerSample, 28);
  buffer.writeUInt16LE(channelCount * bytesPerSample, 32);
  buffer.writeUInt16LE(bytesPerSample * 8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  // A DataView pins little-endian byte order whatever the host's; it is also far faster than
  // one Buffer.writeInt16LE call per sample.
  const view = new DataView(buffer.buffer, buffer.byteOffset + HEADER_BYTES, dataBytes);
  for (let i = 0; i < frameCount; i++) {
    view.setInt16(4 * i, toInt16(audio.left[i]!), true);
    view.setInt16(4 * i + 2, toInt16(audio.right[i]!), true);
  }
  return buffer;
}

function toInt16(sample: number): number {
  const clamped = Math.min(Math.max(sample, -1), 1);
  return Math.round(clamped * 32767);
}
