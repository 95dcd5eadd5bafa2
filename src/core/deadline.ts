/** Thrown by `withDeadline` when the work did not settle in time (the work itself goes on). */
export class DeadlineExceeded extends Error {
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'DeadlineExceeded';
  }
}

/**
 * Settles with `work`, or rejects with `DeadlineExceeded` after `ms` of real time, whichever is
 * first. For calls to a dependency that can stall without failing (a frozen Redis keeps its
 * sockets open): the caller gets its answer back; a late result of `work` is dropped.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DeadlineExceeded(what, ms)), ms);
    timer.unref();
  });
  // A late rejection of `work` after the deadline won must not surface as unhandled.
  work.catch(() => undefined);
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}
