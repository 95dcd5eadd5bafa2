/**
 * One stage of a job as it ran: when it first began (ms after the job's start), how many times it
 * ran, its wall time and the CPU time spent meanwhile, summed over its runs. CPU is the process's
 * (this job's and, with several jobs at once, theirs too: Node measures a process, not an async
 * call) and its child processes' (ffmpeg runs and engines; null where the system cannot tell).
 * Different stages may overlap (a download while the script is voiced; `encode` inside
 * `render`), so their sum can exceed the job's.
 */
export interface StageTiming {
  name: string;
  startMs: number;
  count: number;
  wallMs: number;
  cpuMs: number;
  childCpuMs: number | null;
}

/** Where a pipeline marks its stages; the job runner opens one per job and hands it down with the progress. */
export interface StageMarks {
  /** Runs `work` as the stage `name`, recorded when it settles (a stage that throws is recorded too). */
  time<T>(name: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Times `work` as the stage `name` when the step's context carries stage marks; outside a job
 * (tests, benches calling a pipeline directly) it only runs it.
 */
export function inStage<T>(ctx: { stages?: StageMarks | undefined } | undefined, name: string, work: () => Promise<T>): Promise<T> {
  return ctx?.stages ? ctx.stages.time(name, work) : work();
}
