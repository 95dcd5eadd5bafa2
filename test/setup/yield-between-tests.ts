import { afterEach } from 'vitest';

/**
 * A test worker reports to vitest by messages, which it can only read when its event loop turns.
 * A file of long synchronous tests (the copywriter's: 45–58 s a file on a slow 2-core machine)
 * awaits only microtasks between its tests, so the replies wait for the whole file, and past 60 s
 * vitest fails the run with "Timeout calling onTaskUpdate" although every test passed. One turn
 * of the event loop after each test lets the replies in.
 */
const realSetImmediate = setImmediate; // taken before any test can install fake timers
afterEach(() => new Promise<void>((resolve) => realSetImmediate(resolve)));
