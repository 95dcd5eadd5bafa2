/**
 * Recognises a file's type from its first bytes, for servers that send a generic type such as
 * application/octet-stream. Only the formats the pipelines can use are recognised.
 */

/** How many leading bytes `sniffMediaType` wants to see to be sure. */
export const SNIFF_BYTES = 512;

export function sniffMediaType(head: Buffer): string | null {
  return sniffImage(head) ?? sniffAudioVideo(head) ?? sniffHtml(head);
}

function ascii(head: Buffer, start: number, end: number): string {
  return head.subarray(start, end).toString('latin1');
}

function startsWith(head: Buffer, bytes: number[]): boolean {
  return head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

function sniffImage(head: Buffer): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  const six = ascii(head, 0, 6);
  if (six === 'GIF87a' || six === 'GIF89a') return 'image/gif';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

function sniffAudioVideo(head: Buffer): string | null {
  const four = ascii(head, 0, 4);
  if (four === 'RIFF') {
    const form = ascii(head, 8, 12);
    if (form === 'WAVE') return 'audio/wav';
    if (form === 'AVI ') return 'video/x-msvideo';
    return null;
  }
  if (ascii(head, 0, 3) === 'ID3') return 'audio/mpeg';
  if (four === 'fLaC') return 'audio/flac';
  if (four === 'OggS') {
    // Theora marks a video stream in the first page; plain Ogg files are Vorbis or Opus audio.
    return head.includes('\x80theora', 0, 'latin1') ? 'video/ogg' : 'audio/ogg';
  }
  if (ascii(head, 4, 8) === 'ftyp') return isoMediaType(ascii(head, 8, 12));
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) {
    // The EBML header names its doctype near the start: "webm" or "matroska".
    return head.subarray(0, 64).includes('webm', 0, 'latin1') ? 'video/webm' : 'video/x-matroska';
  }
  return sniffMpegAudioFrame(head);
}

/** ISO base media files (MP4, MOV, M4A, HEIF) are told apart by their major brand. */
function isoMediaType(brand: string): string {
  if (brand === 'M4A ' || brand === 'M4B ' || brand === 'M4P ') return 'audio/mp4';
  if (brand === 'qt  ') return 'video/quicktime';
  if (brand === 'avif' || brand === 'avis') return 'image/avif';
  if (['heic', 'heix', 'mif1', 'msf1'].includes(brand)) return 'image/heic';
  return 'video/mp4';
}

/** MP3 without an ID3 tag starts straight with a frame: 11 sync bits, then version and layer. */
function sniffMpegAudioFrame(head: Buffer): string | null {
  const b0 = head[0];
  const b1 = head[1];
  if (b0 !== 0xff || b1 === undefined || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 0x03; // 01 is reserved
  const layer = (b1 >> 1) & 0x03; // 00 marks AAC in ADTS framing
  if (version === 0x01) return null;
  if (layer === 0x00) return version === 0x02 || version === 0x03 ? 'audio/aac' : null;
  return 'audio/mpeg';
}

function sniffHtml(head: Buffer): string | null {
  let text = head.subarray(0, SNIFF_BYTES).toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  text = text.trimStart().toLowerCase();
  const markers = ['<!doctype html', '<html', '<head', '<body', '<meta', '<title'];
  return markers.some((m) => text.startsWith(m)) ? 'text/html' : null;
}
