import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { inStage } from '../../../src/core/stages.js';
import { stagedPort, withJobStages } from '../../../src/engines/metrics/job-stages.js';
import { readCpu } from '../../../src/engines/metrics/cpu-clock.js';
import { StageRecorder } from '../../../src/jobs/stage-recorder.js';

/** A clock and CPU meter that move only when told, so the sums are exact. */
function fakeClocks() {
  const state = { ms: 1000, cpuMs: 50, childMs: 7 };
  return {
    state,
    clocks: { nowMs: () => state.ms, cpu: () => ({ processCpuMs: state.cpuMs, childCpuMs: state.childMs }) },
    advance(ms: number, cpuMs: number, childMs: number) {
      state.ms += ms;
      state.cpuMs += cpuMs;
      state.childMs += childMs;
    },
  };
}

describe('StageRecorder', () => {
  it('lists each stage once, in the order it first began, with its runs summed', async () => {
    const f = fakeClocks();
    const r = new StageRecorder(f.clocks);
    await r.time('write', async () => f.advance(100, 80, 0));
    await r.time('speak', async () => f.advance(300, 20, 250));
    await r.time('write', async () => f.advance(50, 40, 0));
    expect(r.list()).toEqual([
      { name: 'write', startMs: 0, count: 2, wallMs: 150, cpuMs: 120, childCpuMs: 0 },
      { name: 'speak', startMs: 100, count: 1, wallMs: 300, cpuMs: 20, childCpuMs: 250 },
    ]);
  });

  it('counts calls of one stage at once as one stretch, and a stage that throws too', async () => {
    const f = fakeClocks();
    const r = new StageRecorder(f.clocks);
    const a = r.start('fetch');
    f.advance(10, 1, 0);
    const b = r.start('fetch');
    f.advance(30, 2, 0);
    a.end();
    f.advance(20, 3, 0);
    b.end();
    const failing = async () => {
      f.advance(5, 0, 40);
      throw new Error('ffmpeg failed');
    };
    await expect(r.time('encode', failing)).rejects.toThrow('ffmpeg failed');
    expect(r.list()).toEqual([
      { name: 'fetch', startMs: 0, count: 2, wallMs: 60, cpuMs: 6, childCpuMs: 0 },
      { name: 'encode', startMs: 60, count: 1, wallMs: 5, cpuMs: 0, childCpuMs: 40 },
    ]);
  });

  it('leaves a stage still running out of the list', () => {
    const f = fakeClocks();
    const r = new StageRecorder(f.clocks);
    const run = r.start('run');
    const done = r.start('speak');
    done.end();
    expect(r.list().map((s) => s.name)).toEqual(['speak']);
    expect(run.end().name).toBe('run');
  });

  it('measures real CPU: a busy loop shows in cpu_ms, a child process in child_cpu_ms', async () => {
    const r = new StageRecorder();
    await r.time('busy', async () => {
      const until = performance.now() + 60;
      while (performance.now() < until) Math.sqrt(Math.random());
    });
    // A child that spins on its own CPU for a while, as ffmpeg does.
    await r.time('child', () => promisify(execFile)(process.execPath, ['-e', 'const t = Date.now() + 150; while (Date.now() < t);']));
    const [busy, child] = r.list();
    expect(busy!.wallMs).toBeGreaterThan(0);
    expect(busy!.cpuMs).toBeGreaterThan(0);
    expect(child!.childCpuMs).toBeGreaterThan(0);
    expect(readCpu().childCpuMs).toEqual(expect.any(Number));
  });
});

describe('stagedPort', () => {
  const port = () => {
    const calls: string[] = [];
    const inner = { encode: async () => calls.push('encode') };
    const staged = stagedPort({ draw: async () => staged2.encode(), probe: async () => 'probe', size: 3 }, { draw: 'presenter' });
    const staged2 = stagedPort(inner, { encode: 'encode' });
    return { staged, staged2, calls };
  };

  it('times a named method as a stage of the job calling it; a port inside another is part of the outer stage', async () => {
    const { staged, staged2 } = port();
    const r = new StageRecorder();
    await withJobStages(r, async () => {
      await staged.draw();
      await staged2.encode();
      expect(await staged.probe()).toBe('probe');
      expect(staged.size).toBe(3);
    });
    expect(r.list().map((s) => [s.name, s.count])).toEqual([
      ['presenter', 1],
      ['encode', 1],
    ]);
  });

  it('passes calls outside a job straight through', async () => {
    const { staged, calls } = port();
    await staged.draw();
    expect(calls).toEqual(['encode']);
  });

  it('inStage times through the context when it carries marks, and only runs the work without', async () => {
    const r = new StageRecorder();
    expect(await inStage({ stages: r }, 'compose', async () => 1)).toBe(1);
    expect(await inStage({}, 'compose', async () => 2)).toBe(2);
    expect(r.list().map((s) => s.name)).toEqual(['compose']);
  });
});
