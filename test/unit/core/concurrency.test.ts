import { describe, expect, it } from 'vitest';
import { concurrencyLimit, mapWithConcurrency } from '../../../src/core/concurrency.js';

function gate(): { promise: Promise<void>; open: () => void } {
  let open!: () => void;
  const promise = new Promise<void>((r) => {
    open = r;
  });
  return { promise, open };
}

const settle = () => new Promise((r) => setImmediate(r));

describe('concurrencyLimit', () => {
  it('runs at most the limit at once, the others in arrival order, and frees a slot when a task fails', async () => {
    const slot = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, i) =>
      slot(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.promise;
        running--;
        if (i === 0) throw new Error('render failed');
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    gates[0]!.open();
    await expect(runs[0]).rejects.toThrow('render failed');
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates.slice(1)) g.open();
    expect(await Promise.all(runs.slice(1))).toEqual([1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('a caller arriving just as a slot frees waits behind those already waiting', async () => {
    const slot = concurrencyLimit(1);
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const track = (name: string, wait?: Promise<void>) => async () => {
      order.push(name);
      most = Math.max(most, ++running);
      await wait;
      running--;
    };
    const first = gate();
    const a = slot(track('a', first.promise));
    const b = slot(track('b'));
    // Called in the same turn as `a` ends.
    const c = first.promise.then(() => slot(track('c')));
    first.open();
    await Promise.all([a, b, c]);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
  });

  it('refuses a limit that lets nothing run', () => {
    expect(() => concurrencyLimit(0)).toThrow(RangeError);
    expect(() => concurrencyLimit(1.5)).toThrow(RangeError);
  });
});

describe('mapWithConcurrency', () => {
  it('keeps the items order whatever order they finish in, and passes each index', async () => {
    const delays = [30, 5, 20, 0, 10];
    const out = await mapWithConcurrency(delays, 2, async (ms, i) => {
      await new Promise((r) => setTimeout(r, ms));
      return `${i}:${ms}`;
    });
    expect(out).toEqual(['0:30', '1:5', '2:20', '3:0', '4:10']);
  });

  it('never runs more than the limit at once, and uses all of it', async () => {
    let running = 0;
    let most = 0;
    await mapWithConcurrency(
      Array.from({ length: 9 }, (_, i) => i),
      3,
      async (i) => {
        most = Math.max(most, ++running);
        await new Promise((r) => setTimeout(r, (i % 3) * 3));
        running--;
      },
    );
    expect(most).toBe(3);
  });

  it('rejects with the first error and starts no item after it', async () => {
    const started: number[] = [];
    const run = mapWithConcurrency([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await settle();
      if (i === 1) throw new Error('item 1 broke');
      return i;
    });
    await expect(run).rejects.toThrow('item 1 broke');
    await settle();
    await settle();
    // 0 and 1 ran together; 0's worker took 2 before 1 failed; nothing was started after the failure.
    expect(started).toEqual([0, 1, 2]);
  });

  it('answers an empty list with an empty list without calling fn, and refuses a limit below 1', async () => {
    expect(await mapWithConcurrency([], 2, async () => expect.unreachable())).toEqual([]);
    await expect(mapWithConcurrency([1], 0, async (x) => x)).rejects.toThrow(RangeError);
  });
});
