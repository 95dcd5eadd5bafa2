import type { StageMarks, StageTiming } from '../core/stages.js';
import { readCpu, type CpuReading } from '../engines/metrics/cpu-clock.js';

/** What the recorder reads: a monotonic ms clock and the CPU so far (fakes in tests). */
export interface StageClocks {
  nowMs(): number;
  cpu(): CpuReading;
}

const realClocks: StageClocks = { nowMs: () => performance.now(), cpu: readCpu };

/** Calls of one stage running at once: timed as one stretch, from the first start to the last end. */
interface OpenStretch {
  calls: number;
  fromMs: number;
  fromCpu: CpuReading;
}

/**
 * The stages of one job run, opened by the job runner and handed to the pipelines with their
 * progress (`StepRun.stages`). One entry per stage name: a stage that runs several times (each
 * script draft is written, then spoken) adds up; calls of one name at once (photos downloaded side
 * by side) count once, so a stage's wall time never exceeds the job's. Wall time is a monotonic
 * clock's, CPU the difference of two `readCpu` readings (see there for what they include).
 */
export class StageRecorder implements StageMarks {
  private readonly startedMs: number;
  private readonly totals = new Map<string, StageTiming>();
  private readonly open = new Map<string, OpenStretch>();

  constructor(private readonly clocks: StageClocks = realClocks) {
    this.startedMs = clocks.nowMs();
  }

  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const stage = this.start(name);
    try {
      return await work();
    } finally {
      stage.end();
    }
  }

  /** Starts one call of stage `name`; `end()` (once) finishes it and returns the stage's total so far. */
  start(name: string): { end(): StageTiming } {
    const nowMs = this.clocks.nowMs();
    let total = this.totals.get(name);
    if (!total) {
      total = { name, startMs: round(nowMs - this.startedMs), wallMs: 0, cpuMs: 0, childCpuMs: 0, count: 0 };
      this.totals.set(name, total);
    }
    total.count += 1;
    const stretch = this.open.get(name) ?? { calls: 0, fromMs: nowMs, fromCpu: this.clocks.cpu() };
    stretch.calls += 1;
    this.open.set(name, stretch);
    let ended = false;
    const counted = total;
    return {
      end: () => {
        if (ended) return counted;
        ended = true;
        stretch.calls -= 1;
        if (stretch.calls === 0) {
          this.open.delete(name);
          this.add(counted, stretch);
        }
        return counted;
      },
    };
  }

  /** Every stage with no call still running, in the order they first began. */
  list(): StageTiming[] {
    return [...this.totals.values()].filter((t) => !this.open.has(t.name)).map((t) => ({ ...t }));
  }

  private add(total: StageTiming, stretch: OpenStretch): void {
    const cpu = this.clocks.cpu();
    total.wallMs = round(total.wallMs + Math.max(0, this.clocks.nowMs() - stretch.fromMs));
    total.cpuMs = round(total.cpuMs + Math.max(0, cpu.processCpuMs - stretch.fromCpu.processCpuMs));
    total.childCpuMs =
      total.childCpuMs === null || cpu.childCpuMs === null || stretch.fromCpu.childCpuMs === null
        ? null
        : round(total.childCpuMs + Math.max(0, cpu.childCpuMs - stretch.fromCpu.childCpuMs));
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
