import { useState } from 'preact/hooks';

/**
 * Busy flag and last error for one button's API call; `run` clears the error first. `run` starts
 * the call and returns at once: an event handler has nothing to wait for, and a failure lands in `error`.
 */
export function useAction() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(null);
  function run(action) {
    setBusy(true);
    setError(null);
    // Fire and forget on purpose: it never rejects (a failure becomes `error`, which the form shows).
    void (async () => {
      try {
        await action();
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    })();
  }
  return { busy, error, run, setError };
}
