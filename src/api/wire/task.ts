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
