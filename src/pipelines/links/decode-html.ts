/**
 * Bytes of a page to text. The charset comes from, in order: a byte-order mark, the server's
 * Content-Type, a `<meta charset>` near the top; otherwise UTF-8. Many shops still serve
 * windows-1252 or Shift_JIS pages, and reading those as UTF-8 garbles titles and prices.
 */
export function decodeHtml(body: Buffer, declaredCharset?: string): string {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return decode(body.subarray(3), 'utf-8');
  if (body[0] === 0xff && body[1] === 0xfe) return decode(body.subarray(2), 'utf-16le');
  if (body[0] === 0xfe && body[1] === 0xff) return decode(body.subarray(2), 'utf-16be');
  return decode(body, declaredCharset ?? metaCharset(body) ?? 'utf-8');
}

/** How far into the page to look for `<meta charset>`; the HTML standard says the first 1024 bytes. */
const META_SCAN_BYTES = 1024;

function metaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, META_SCAN_BYTES).toString('latin1');
  return /<meta[^>]+charset\s*=\s*["']?\s*([\w:.-]+)/i.exec(head)?.[1];
}

function decode(bytes: Buffer, label: string): string {
  try {
    return new TextDecoder(label).decode(bytes);
  } catch {
    // An unknown or misspelled label: UTF-8 is the most likely truth on today's web.
    return new TextDecoder('utf-8').decode(bytes);
  }
}
