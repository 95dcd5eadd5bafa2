import type { Canvas } from '@napi-rs/canvas';

/**
 * A canvas as a Netpbm PAM image: a short text header and the raw pixels. ffmpeg reads PAM with
 * alpha natively, and writing it is a copy, where PNG compression of a 1080p frame costs hundreds
 * of milliseconds on a busy machine. The files live only in a job's scratch folder.
 */
export function encodePam(canvas: Canvas, withAlpha: boolean): Buffer {
  const { width, height } = canvas;
  const rgba = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  return pamFromRgba(rgba, width, height, withAlpha);
}

/** Pure: unpremultiplied RGBA bytes → PAM (RGB_ALPHA, or RGB with the alpha dropped). */
export function pamFromRgba(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number, withAlpha: boolean): Buffer {
  const depth = withAlpha ? 4 : 3;
  const header = Buffer.from(
    `P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH ${depth}\nMAXVAL 255\nTUPLTYPE ${withAlpha ? 'RGB_ALPHA' : 'RGB'}\nENDHDR\n`,
    'ascii',
  );
  if (withAlpha) return Buffer.concat([header, Buffer.from(rgba.buffer, rgba.byteOffset, width * height * 4)]);
  const rgb = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0, j = 0; i < width * height * 4; i += 4, j += 3) {
    rgb[j] = rgba[i]!;
    rgb[j + 1] = rgba[i + 1]!;
    rgb[j + 2] = rgba[i + 2]!;
  }
  return Buffer.concat([header, rgb]);
}
