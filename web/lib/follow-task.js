const FINAL = new Set(['done', 'failed']);
const POLL_INTERVAL_MS = 1000;
const TASK_ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

export const isFinal = (task) => FINAL.has(task?.status);

/**
 * Follows one task until it is done or failed, calling onUpdate with each new state; returns a
 * function that stops following. This is the only place that knows how updates arrive: the task
 * events stream (GET /api/tasks/{id}/events) says when something changed — a progress event
 * moves the bar at once, a status change re-reads GET {path} so the card always shows the group's
 * own body — and polling takes over whenever the stream is not there or breaks.
 */
export function followTask(api, path, onUpdate) {
  const id = TASK_ID.exec(path)?.[0];
  const abort = new AbortController();
  let stopPolling = null;
  let last = null;
  const show = (task) => {
    last = task;
    onUpdate(task);
  };
  const poll = () => {
    if (!abort.signal.aborted && !stopPolling) stopPolling = pollTask(api, path, show);
  };
  if (!id) poll();
  else {
    api
      .events(
        `/api/tasks/${id}/events`,
        async (event, data) => {
          if (event === 'progress' && last && !isFinal(last)) show({ ...last, progress: data.progress });
          else if (event === 'status' || event === 'end') show(await api.get(path));
          else if (event === 'shutdown') poll();
        },
        abort.signal,
      )
      .then(() => {
        // The stream ends when the task does; anything else (a restart, a proxy) hands over to polling.
        if (!isFinal(last)) poll();
      })
      .catch(poll);
  }
  return () => {
    abort.abort();
    stopPolling?.();
  };
}

/** GET {path} every second (backing off while the service does not answer) until the task ends. */
function pollTask(api, path, onUpdate) {
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
  // Fire and forget on purpose: tick catches its own failures and schedules the next one.
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
