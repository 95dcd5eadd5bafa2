import { HandedBack } from './port.js';

/** Every job still running is aborted with `HandedBack`: put back due at once, the run not counted as an attempt. */
export function handBackAll(running: Iterable<AbortController>): void {
  for (const c of running) c.abort(new HandedBack());
}

/**
 * A drain's wait: the running jobs (`settled` once they all end) get `graceMs` to finish; past it,
 * those still running (read from `running` then) are handed back and waited for.
 */
export async function finishWithinGrace(settled: Promise<unknown>, graceMs: number, running: Iterable<AbortController>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([settled.then(() => true), new Promise<boolean>((r) => (timer = setTimeout(() => r(false), graceMs)))]);
  clearTimeout(timer);
  if (!inTime) {
    handBackAll(running);
    await settled;
  }
}
