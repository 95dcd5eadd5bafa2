/** One Server-Sent Event on the wire; multi-line data is split over several `data:` lines. */
export function sseEvent(event: string, data: unknown): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data);
  return `event: ${event}\n${text
    .split(/\r\n|\r|\n/)
    .map((l) => `data: ${l}`)
    .join('\n')}\n\n`;
}

/** Headers of every event stream: no caching, and no buffering by a proxy in front of the service. */
export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
} as const;

/** A numbered event (`id:` first, so a client's Last-Event-ID names it). */
export function sseEventWithId(id: string, event: string, data: unknown): string {
  return `id: ${id}\n${sseEvent(event, data)}`;
}
