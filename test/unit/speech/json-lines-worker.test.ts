import { describe, expect, it } from 'vitest';
import { JsonLinesWorker } from '../../../src/engines/speech/json-lines-worker.js';

// A stand-in worker: echoes, hangs or exits on request, and tells its pid.
const SCRIPT = `
require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
  const m = JSON.parse(line);
  if (m.op === 'hang') return;
  if (m.op === 'die') process.exit(3);
  process.stdout.write(JSON.stringify({ echo: m.text, pid: process.pid }) + '\\n');
});`;

const worker = () => new JsonLinesWorker(process.execPath, ['-e', SCRIPT]);

describe('JsonLinesWorker', () => {
  it('answers requests in order from one process, one at a time', async () => {
    const w = worker();
    const replies = await Promise.all(['a', 'b', 'c'].map((text) => w.request<{ echo: string; pid: number }>({ op: 'echo', text }, { timeoutMs: 5000 })));
    expect(replies.map((r) => r.echo)).toEqual(['a', 'b', 'c']);
    expect(new Set(replies.map((r) => r.pid)).size).toBe(1);
    w.stop();
  });

  it('kills a worker that runs past its time; the next request gets a fresh one', async () => {
    const w = worker();
    const first = await w.request<{ pid: number }>({ op: 'echo', text: 'x' }, { timeoutMs: 5000 });
    await expect(w.request({ op: 'hang' }, { timeoutMs: 200 })).rejects.toThrow(/no answer in 200 ms/);
    const next = await w.request<{ echo: string; pid: number }>({ op: 'echo', text: 'y' }, { timeoutMs: 5000 });
    expect(next.echo).toBe('y');
    expect(next.pid).not.toBe(first.pid);
    w.stop();
  });

  it('a request that kills the worker fails (after one retry), and the worker serves the next', async () => {
    const w = worker();
    await expect(w.request({ op: 'die' }, { timeoutMs: 5000 })).rejects.toThrow(/exited \(code 3/);
    expect((await w.request<{ echo: string }>({ op: 'echo', text: 'z' }, { timeoutMs: 5000 })).echo).toBe('z');
    w.stop();
  });

  it('an aborted request kills the worker and rejects with the reason', async () => {
    const w = worker();
    const ctl = new AbortController();
    const pending = w.request({ op: 'hang' }, { timeoutMs: 5000, signal: ctl.signal });
    ctl.abort(new Error('cancelled'));
    await expect(pending).rejects.toThrow('cancelled');
    expect((await w.request<{ echo: string }>({ op: 'echo', text: 'after' }, { timeoutMs: 5000 })).echo).toBe('after');
    w.stop();
  });
});
