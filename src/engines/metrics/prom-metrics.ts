import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, QueueDepthReader } from './port.js';

/** From a TTS line (tens of ms) to a full render (minutes). */
const SECONDS_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120, 300, 600];

/**
 * The metrics of one process on prom-client, in a registry of its own (not the library's global
 * one), so two containers in one process (tests) never register a name twice.
 */
export function createPromMetrics(opts: { onCollectError?: (err: unknown) => void } = {}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'clipwright_' });
  const registers = [registry];
  const stageWall = new Histogram({
    name: 'clipwright_job_stage_wall_seconds',
    help: 'Wall time of each stage of a job, by task kind and stage (`run` is the whole handler)',
    labelNames: ['kind', 'stage'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const stageCpu = new Histogram({
    name: 'clipwright_job_stage_cpu_seconds',
    help: 'CPU time of this process (all threads; other jobs running at once included) during each stage',
    labelNames: ['kind', 'stage'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const stageChildCpu = new Histogram({
    name: 'clipwright_job_stage_child_cpu_seconds',
    help: 'CPU time of child processes (ffmpeg, speech and cut-out engines) during each stage',
    labelNames: ['kind', 'stage'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const jobRun = new Histogram({
    name: 'clipwright_job_run_seconds',
    help: 'Wall time of one run of a job, by task kind and outcome',
    labelNames: ['kind', 'outcome'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const jobWait = new Histogram({
    name: 'clipwright_job_wait_seconds',
    help: 'Time a job waited between being due and starting to run, by task kind',
    labelNames: ['kind'],
    buckets: SECONDS_BUCKETS,
    registers,
  });
  const tasksFinished = new Counter({
    name: 'clipwright_tasks_finished_total',
    help: 'Tasks that reached done or failed, by kind',
    labelNames: ['kind', 'status'],
    registers,
  });
  const credits = new Counter({
    name: 'clipwright_credits_millicredits_total',
    help: 'Credit holds settled by finished jobs (held = charged + released), by kind',
    labelNames: ['kind', 'movement'],
    registers,
  });
  const ffmpegSeconds = new Counter({
    name: 'clipwright_ffmpeg_seconds_total',
    help: 'Wall time of ffmpeg and ffprobe processes, by call',
    labelNames: ['call'],
    registers,
  });
  const ffmpegRuns = new Counter({
    name: 'clipwright_ffmpeg_runs_total',
    help: 'ffmpeg and ffprobe processes, by call and outcome',
    labelNames: ['call', 'outcome'],
    registers,
  });
  let queueDepth: QueueDepthReader | null = null;
  new Gauge({
    name: 'clipwright_queue_jobs',
    help: 'Jobs in the queue table by status (queued: waiting or handed to the queue, running: claimed); the same from every process',
    labelNames: ['status'],
    registers,
    async collect() {
      if (!queueDepth) return;
      this.reset();
      try {
        const counts = await queueDepth();
        for (const status of ['queued', 'running']) this.set({ status }, counts[status] ?? 0);
      } catch (err) {
        // A scrape while the database is down still answers with the rest.
        opts.onCollectError?.(err);
      }
    },
  });

  return {
    stageTimed(kind, stage, t) {
      stageWall.observe({ kind, stage }, t.wallSeconds);
      stageCpu.observe({ kind, stage }, t.cpuSeconds);
      if (t.childCpuSeconds !== null) stageChildCpu.observe({ kind, stage }, t.childCpuSeconds);
    },
    jobRan(kind, r) {
      jobWait.observe({ kind }, r.waitSeconds);
      jobRun.observe({ kind, outcome: r.outcome }, r.runSeconds);
    },
    taskFinished(kind, status) {
      tasksFinished.inc({ kind, status });
    },
    credits(kind, movement, millicredits) {
      if (millicredits > 0) credits.inc({ kind, movement }, millicredits);
    },
    ffmpegRan(call, wallSeconds, failed) {
      ffmpegSeconds.inc({ call }, wallSeconds);
      ffmpegRuns.inc({ call, outcome: failed ? 'failed' : 'ok' });
    },
    readQueueDepth(reader) {
      queueDepth = reader;
    },
    async exposition() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
