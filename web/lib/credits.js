import { createStore } from './store.js';

/** The signed-in account's remaining credits, null until first read. */
export const credits = createStore(null);

export async function refreshCredits(api) {
  try {
    credits.set((await api.get('/api/remaining_credits/')).remaining_credits);
  } catch {
    // The badge keeps its last value; a failing service shows up in the page's own calls.
  }
}
