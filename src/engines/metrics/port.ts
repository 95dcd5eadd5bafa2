/** How a job's run ended, as the queue is told (`retry` and `postponed` run it again later). */
export type JobOutcomeLabel = 'done' | 'failed' | 'retry' | 'postponed';

/** Credits a finished job moved: the hold it settled, split into what was charged and what went back. */
export type CreditMovement = 'held' | 'charged' | 'released';

/** Jobs in the database's queue table by status (`JobRepo.countByStatus`), read when metrics are scraped. */
export type QueueDepthReader = () => Promise<Record<string, number>>;

/**
 * The operator's figures (`/metrics`): what each process did since it started. Names carry their
 * units; kinds are task kinds (`tts`, `link_video` …), stages the names pipelines mark.
 */
export interface Metrics {
  /** One stage of a job of `kind` (`core/stages.ts`); the job's whole handler is the stage `run`. */
  stageTimed(kind: string, stage: string, t: { wallSeconds: number; cpuSeconds: number; childCpuSeconds: number | null }): void;
  /** One run of a job: how long it waited since it was due, how long it ran, how it ended. */
  jobRan(kind: string, r: { waitSeconds: number; runSeconds: number; outcome: JobOutcomeLabel }): void;
  /** A task reached done or failed (jobs and inline tasks alike), after its transaction committed. */
  taskFinished(kind: string, status: 'done' | 'failed'): void;
  credits(kind: string, movement: CreditMovement, millicredits: number): void;
  /** One ffmpeg or ffprobe process of `call` (run, capture, loudness, probe) and its wall time. */
  ffmpegRan(call: string, wallSeconds: number, failed: boolean): void;
  /** Where the queue depth is read at each scrape (the database is shared, so every process reads the same). */
  readQueueDepth(reader: QueueDepthReader): void;
  /** The Prometheus text exposition of everything above (and the process's own: CPU, memory, event loop). */
  exposition(): Promise<{ contentType: string; body: string }>;
}

/** For code built without metrics (tests that construct a runner by hand). */
export const noMetrics: Metrics = {
  stageTimed: () => undefined,
  jobRan: () => undefined,
  taskFinished: () => undefined,
  credits: () => undefined,
  ffmpegRan: () => undefined,
  readQueueDepth: () => undefined,
  exposition: async () => ({ contentType: 'text/plain; version=0.0.4; charset=utf-8', body: '' }),
};
