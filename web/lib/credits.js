import { createStore } from './store.js';

/** The signed-in account's remaining credits, null until first read. */
export const credits = createStore(null);

/** Reads the balance again for the badge; returns at once, as no caller waits for the badge. */
export function refreshCredits(api) {
  // Fire and forget on purpose: on a failure the badge keeps its last value; a failing service shows up in the page's own calls.
  void api.get('/api/remaining_credits/').then(
    (body) => credits.set(body.remaining_credits),
    () => {},
  );
}
