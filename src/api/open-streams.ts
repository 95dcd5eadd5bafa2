/** An open Server-Sent Events response that can be told the server is going away. */
export interface ClosableStream {
  /** Writes the final `shutdown` event and ends the response. */
  shutdown(): void;
}

/**
 * The streams this process serves, by how long they live: `watch` streams (task events) never
 * finish on their own, so a shutdown ends them at once; `work` streams (generated text) are
 * in-flight requests, given the grace period before they are ended.
 */
export class OpenStreams {
  private readonly open = { watch: new Set<ClosableStream>(), work: new Set<ClosableStream>() };
  private stopping = false;
  /** Streams ended by a shutdown so far. */
  ended = 0;

  /** Registers a stream; returns the function that removes it when it ends on its own. */
  add(kind: 'watch' | 'work', stream: ClosableStream): () => void {
    if (this.stopping && kind === 'watch') {
      this.ended++;
      stream.shutdown();
      return () => undefined;
    }
    this.open[kind].add(stream);
    return () => this.open[kind].delete(stream);
  }

  /** Ends every watch stream now (and any opened later); work streams are left to finish. */
  shutdownWatches(): void {
    this.stopping = true;
    this.end('watch');
  }

  /** Ends whatever is still open (the grace period is over). */
  shutdownAll(): void {
    this.stopping = true;
    this.end('watch');
    this.end('work');
  }

  private end(kind: 'watch' | 'work'): void {
    for (const stream of [...this.open[kind]]) {
      this.open[kind].delete(stream);
      this.ended++;
      stream.shutdown();
    }
  }
}

export const SHUTDOWN_EVENT_DATA = { detail: 'The server is shutting down; reconnect (with Last-Event-ID) to continue.', code: 'shutting_down' } as const;
