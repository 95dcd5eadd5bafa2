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
  };
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
