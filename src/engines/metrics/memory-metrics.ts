import type { CreditMovement, JobOutcomeLabel, Metrics, QueueDepthReader } from './port.js';

/** The in-memory fake: keeps every figure it is given, for tests to read back. */
export class MemoryMetrics implements Metrics {
  readonly stages: { kind: string; stage: string; wallSeconds: number; cpuSeconds: number; childCpuSeconds: number | null }[] = [];
  readonly runs: { kind: string; waitSeconds: number; runSeconds: number; outcome: JobOutcomeLabel }[] = [];
  readonly finished: { kind: string; status: 'done' | 'failed' }[] = [];
  readonly creditMoves: { kind: string; movement: CreditMovement; millicredits: number }[] = [];
  readonly ffmpegRuns: { call: string; wallSeconds: number; failed: boolean }[] = [];
  private queueDepth: QueueDepthReader | null = null;

  stageTimed(kind: string, stage: string, t: { wallSeconds: number; cpuSeconds: number; childCpuSeconds: number | null }): void {
    this.stages.push({ kind, stage, ...t });
  }
  jobRan(kind: string, r: { waitSeconds: number; runSeconds: number; outcome: JobOutcomeLabel }): void {
    this.runs.push({ kind, ...r });
  }
  taskFinished(kind: string, status: 'done' | 'failed'): void {
    this.finished.push({ kind, status });
  }
  credits(kind: string, movement: CreditMovement, millicredits: number): void {
    this.creditMoves.push({ kind, movement, millicredits });
  }
  ffmpegRan(call: string, wallSeconds: number, failed: boolean): void {
    this.ffmpegRuns.push({ call, wallSeconds, failed });
  }
  readQueueDepth(reader: QueueDepthReader): void {
    this.queueDepth = reader;
  }
  /** One `name{labels} value` line a figure, enough for a test of the route. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    const depth = this.queueDepth ? await this.queueDepth() : {};
    const lines = [
      ...this.stages.map((s) => `memory_stage_wall_seconds{kind="${s.kind}",stage="${s.stage}"} ${s.wallSeconds}`),
      ...this.finished.map((f) => `memory_task_finished{kind="${f.kind}",status="${f.status}"} 1`),
      ...Object.entries(depth).map(([status, n]) => `memory_queue_jobs{status="${status}"} ${n}`),
    ];
    return { contentType: 'text/plain; version=0.0.4; charset=utf-8', body: `${lines.join('\n')}\n` };
  }
}
