const FINAL = new Set(['done', 'failed']);
const POLL_INTERVAL_MS = 1000;

export const isFinal = (task) => FINAL.has(task?.status);

/**
 * Follows one task until it is done or failed, calling onUpdate with each new state; returns a
 * function that stops following. Today it polls GET {path}. This is the only place that knows how
 * updates arrive: when GET /api/tasks/{id}/events exists, replace the body with an EventSource-like
 * reader of that stream (fetch, since it needs the API headers) and keep the signature.
 */
export function followTask(api, path, onUpdate) {
  let stopped = false;
  let timer = null;
  let failures = 0;
  const tick = async () => {
    try {
      const task = await api.get(path);
      if (stopped) return;
      failures = 0;
      onUpdate(task);
      if (isFinal(task)) return;
    } catch (err) {
      if (stopped || err.status === 404 || err.status === 401) return;
      failures += 1;
    }
    // Back off while the service does not answer, up to 10 s.
    timer = setTimeout(tick, Math.min(10_000, POLL_INTERVAL_MS * 2 ** failures));
  };
  tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
