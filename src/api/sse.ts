/** One Server-Sent Event on the wire; multi-line data is split over several `data:` lines. */
export function sseEvent(event: string, data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `event: ${event}\n${text.split(/\r\n|\r|\n/).map((l) => `data: ${l}`).join('\n')}\n\n`;
}
