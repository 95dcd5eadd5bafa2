import { AsyncLocalStorage } from 'node:async_hooks';
import type { StageMarks } from '../../core/stages.js';

/** The stage marks of the job a call runs for, and whether it is already inside a staged port's call. */
interface RunningJob {
  marks: StageMarks;
  inPort: boolean;
}

const running = new AsyncLocalStorage<RunningJob>();

/** Runs a job's handler with `marks` as the stages that the staged ports' calls inside it report to. */
export function withJobStages<T>(marks: StageMarks, work: () => Promise<T>): Promise<T> {
  return running.run({ marks, inPort: false }, work);
}

/**
 * `port` with each method named in `stages` timed as that stage of the job calling it. The ports
 * are built once and shared by every job running at once, so the job is found by the call's async
 * context (the one place that does: pipelines mark their own stages through `StepRun.stages`). A
 * port called inside another's call (ffmpeg inside the presenter's drawing) is part of the outer
 * stage. Outside a job (a create's media check) calls pass straight through; other methods too.
 * Only methods that return a promise may be named.
 */
export function stagedPort<T extends object>(port: T, stages: Partial<Record<keyof T & string, string>>): T {
  const named = stages as Record<string, string | undefined>;
  return new Proxy(port, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      // A proxy must hand out a frozen method as it is; every other is bound, so private fields keep working.
      const own = Object.getOwnPropertyDescriptor(target, prop);
      if (own && !own.configurable && !own.writable) return value;
      const stage = typeof prop === 'string' ? named[prop] : undefined;
      if (!stage) return value.bind(target);
      return (...args: unknown[]) => {
        const job = running.getStore();
        if (!job || job.inPort) return value.apply(target, args);
        return job.marks.time(stage, () => running.run({ marks: job.marks, inPort: true }, () => value.apply(target, args) as Promise<unknown>));
      };
    },
  });
}
