/**
 * Netpbm PAM with an alpha channel: a short text header and the raw RGBA bytes. ffmpeg reads it
 * with next to no decoding work, which matters when a state picture is read for every frame.
 */
export function encodePamRgba(width: number, height: number, rgba: Uint8Array): Buffer {
  if (rgba.length !== width * height * 4) throw new Error(`expected ${width * height * 4} RGBA bytes, got ${rgba.length}`);
  const header = Buffer.from(`P7\nWIDTH ${width}\nHEIGHT ${height}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n`, 'ascii');
  return Buffer.concat([header, rgba]);
}
