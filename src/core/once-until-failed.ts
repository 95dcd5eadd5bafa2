/**
 * `start` run once and its promise shared by every caller, until it fails: a failure is not kept,
 * so the next call starts again rather than handing out the same error for the process's life.
 */
export function onceUntilFailed<T>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => {
    started ??= start().catch((err: unknown) => {
      started = undefined;
      throw err;
    });
    return started;
  };
}
