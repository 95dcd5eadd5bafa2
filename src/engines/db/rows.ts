import type { Selectable } from 'kysely';
import type { JobRecord, LedgerEntry, LinkRecord } from '../../core/store.js';
import type { Task, TaskStatus } from '../../core/task.js';
import type { CreditLedgerTable, JobsTable, LinksTable, TasksTable } from './schema.js';

/** Row ↔ record mapping, kept in one place so each repository stays about queries. */
export function parseJson(text: string | null): Record<string, unknown> {
  if (!text) return {};
  return JSON.parse(text) as Record<string, unknown>;
}

export function taskFromRow(r: Selectable<TasksTable>): Task {
  return {
    id: r.id,
    accountId: r.account_id,
    kind: r.kind,
    status: r.status as TaskStatus,
    progress: Number(r.progress),
    failedReason: r.failed_reason,
    input: parseJson(r.input),
    result: parseJson(r.result),
    heldMillicredits: Number(r.held_millicredits),
    chargedMillicredits: Number(r.charged_millicredits),
    webhookUrl: r.webhook_url,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    finishedAt: r.finished_at,
  };
}

export function jobFromRow(r: Selectable<JobsTable>): JobRecord {
  return {
    id: r.id,
    taskId: r.task_id,
    name: r.name,
    payload: parseJson(r.payload),
    status: r.status as JobRecord['status'],
    attempts: Number(r.attempts),
    maxAttempts: Number(r.max_attempts),
    runAt: r.run_at,
    lockedUntil: r.locked_until,
    lockedBy: r.locked_by,
    lastError: r.last_error,
    dispatchedAt: r.dispatched_at,
  };
}

export function ledgerFromRow(r: Selectable<CreditLedgerTable>): LedgerEntry {
  return {
    id: r.id,
    accountId: r.account_id,
    taskId: r.task_id,
    kind: r.kind as LedgerEntry['kind'],
    amountMillicredits: Number(r.amount_millicredits),
    balanceAfterMillicredits: Number(r.balance_after_millicredits),
    note: r.note,
    createdAt: r.created_at,
  };
}

export function linkFromRow(r: Selectable<LinksTable>): LinkRecord {
  return {
    id: r.id,
    accountId: r.account_id,
    url: r.url,
    facts: parseJson(r.facts),
    chargedMillicredits: Number(r.charged_millicredits),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}
