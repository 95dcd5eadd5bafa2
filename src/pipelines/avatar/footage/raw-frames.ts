import { open, type FileHandle } from 'node:fs/promises';
import type { RgbaImage } from '../../../engines/face/index.js';

/**
 * Decoded footage frames in one raw RGBA file, read back by offset: any frame in any order
 * (loops and ping-pong) without keeping the footage in memory.
 */
export class RawFrameFile {
  private constructor(
    private readonly file: FileHandle,
    readonly width: number,
    readonly height: number,
    readonly frameCount: number,
  ) {}

  static async open(path: string, size: { width: number; height: number }): Promise<RawFrameFile> {
    const file = await open(path, 'r');
    const { size: bytes } = await file.stat();
    return new RawFrameFile(file, size.width, size.height, Math.floor(bytes / (size.width * size.height * 4)));
  }

  get frameBytes(): number {
    return this.width * this.height * 4;
  }

  async read(index: number): Promise<RgbaImage> {
    if (index < 0 || index >= this.frameCount) throw new Error(`frame ${index} is outside the footage's ${this.frameCount}`);
    const data = new Uint8Array(this.frameBytes);
    await this.file.read(data, 0, data.length, index * this.frameBytes);
    return { width: this.width, height: this.height, data };
  }

  close(): Promise<void> {
    return this.file.close();
  }
}

/** A frame's luma averaged over a grid of `cols`×`rows` cells: cheap to compare for loop cuts. */
export function lumaSignature(image: RgbaImage, cols = 16, rows = 20): Uint8Array {
  const sums = new Float64Array(cols * rows);
  const counts = new Uint32Array(cols * rows);
  // Every second pixel each way is plenty for a cell's mean.
  for (let y = 0; y < image.height; y += 2) {
    const cy = Math.min(rows - 1, Math.floor((y * rows) / image.height));
    for (let x = 0; x < image.width; x += 2) {
      const cx = Math.min(cols - 1, Math.floor((x * cols) / image.width));
      const i = (y * image.width + x) * 4;
      const cell = cy * cols + cx;
      sums[cell] = sums[cell]! + 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      counts[cell] = counts[cell]! + 1;
    }
  }
  return Uint8Array.from(sums, (s, i) => Math.round(s / Math.max(1, counts[i]!)));
}
