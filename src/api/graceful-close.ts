import type { App } from './server.js';
import type { OpenStreams } from './open-streams.js';

/** How the HTTP side of a shutdown went. */
export interface HttpCloseReport {
  /** Whether every in-flight request ended within the grace period. */
  inTime: boolean;
  /** Streams ended with a `shutdown` event (task event watches at once, the rest at the deadline). */
  streamsEnded: number;
}

/**
 * SIGTERM for the API: the listening socket closes at once (new connections are refused, and a
 * request arriving on a kept-alive one gets 503), task event streams get a final `shutdown`
 * event so their clients reconnect to another process, and in-flight requests have `graceMs` to
 * finish. Past it, the streams still open (generated text) get `shutdown` and every connection
 * is closed.
 */
export async function closeGracefully(app: App, streams: OpenStreams, graceMs: number): Promise<HttpCloseReport> {
  streams.shutdownWatches();
  const closing = app.close();
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([closing.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
  clearTimeout(timer);
  if (!inTime) {
    streams.shutdownAll();
    app.server.closeAllConnections();
    await closing;
  }
  return { inTime, streamsEnded: streams.ended };
}
