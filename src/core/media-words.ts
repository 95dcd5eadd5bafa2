/**
 * What a file is, in the words a refusal uses ("…but the file is audio (MP3)"): a client who sent
 * the wrong file learns what we found, not the label it carried. Shared by the fetcher (label and
 * first bytes) and the create-time checks (the decoder's verdict).
 */
const FORMAT_NAMES: Record<string, string> = {
  'audio/mpeg': 'MP3',
  'audio/mp3': 'MP3',
  'audio/wav': 'WAV',
  'audio/x-wav': 'WAV',
  'audio/wave': 'WAV',
  'audio/flac': 'FLAC',
  'audio/ogg': 'Ogg',
  'audio/aac': 'AAC',
  'audio/mp4': 'M4A',
  'audio/x-m4a': 'M4A',
  'audio/webm': 'WebM',
  'video/mp4': 'MP4',
  'video/quicktime': 'MOV',
  'video/webm': 'WebM',
  'video/x-matroska': 'MKV',
  'video/x-msvideo': 'AVI',
  'video/ogg': 'Ogg',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/gif': 'GIF',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
  'image/heic': 'HEIC',
  'image/svg+xml': 'SVG',
  'text/html': 'HTML',
  'application/xhtml+xml': 'XHTML',
  'application/pdf': 'PDF',
  'application/json': 'JSON',
};

const KIND_WORDS: Record<string, string> = { audio: 'audio', video: 'a video', image: 'a picture', text: 'text' };

/** "audio (MP3)", "a picture (PNG)", "a web page (HTML)", "of unknown type (application/zip)": read after "the file is". */
export function describeMediaType(contentType: string): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const format = FORMAT_NAMES[type];
  if (type === 'text/html' || type === 'application/xhtml+xml') return `a web page (${format})`;
  const kind = KIND_WORDS[type.split('/')[0] ?? ''];
  if (kind && format) return `${kind} (${format})`;
  if (format) return `a ${format} document`;
  if (kind) return `${kind} (${type})`;
  return `of unknown type (${type || 'no content type'})`;
}
