import type { Task } from '../../core/task.js';

/** The task envelope every group shares; group mappers add their own fields. */
export function taskEnvelope(t: Task) {
  return {
    id: t.id,
    status: t.status,
    progress: t.progress,
    failed_reason: t.failedReason,
    credits_used: t.chargedMillicredits / 1000,
    duration: typeof t.result.durationSeconds === 'number' ? t.result.durationSeconds : null,
    webhook_url: t.webhookUrl,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    stages: stagesWire(t.result.stages),
  };
}

/** A stage as the job runner saved it (`core/stages.ts` `StageTiming`). */
interface SavedStage {
  name: string;
  startMs: number;
  count: number;
  wallMs: number;
  cpuMs: number;
  childCpuMs: number | null;
}

/**
 * The stages of the task's latest job run (an extension), or null before one finished. A saved
 * entry that does not read is left out, so an old or damaged row never fails a GET.
 */
function stagesWire(saved: unknown) {
  if (!Array.isArray(saved)) return null;
  const out = [];
  for (const s of saved as Partial<SavedStage>[]) {
    if (typeof s?.name !== 'string' || typeof s.wallMs !== 'number' || typeof s.cpuMs !== 'number') continue;
    out.push({
      name: s.name,
      started_ms: typeof s.startMs === 'number' ? s.startMs : 0,
      count: typeof s.count === 'number' ? s.count : 1,
      wall_ms: s.wallMs,
      cpu_ms: s.cpuMs,
      child_cpu_ms: typeof s.childCpuMs === 'number' ? s.childCpuMs : null,
    });
  }
  return out;
}

/**
 * The envelope followed by a group's own fields (they win on a shared name, as after a spread).
 * Not `{ ...taskEnvelope(t), field: … }`: on Node 20 each property added after a spread takes
 * V8's slow path (measured 1–2 µs each, about 20 µs for a TTS task, more than its database read);
 * Node 24 no longer has it (both forms measured alike), and this stays the one way to write it.
 * `fields` must be an object literal: Object.assign sets keys where a spread defines them, which
 * differs only for a key named `__proto__`.
 */
export function envelopeWith<T extends object>(t: Task, fields: T): ReturnType<typeof taskEnvelope> & T {
  return Object.assign(taskEnvelope(t), fields);
}
