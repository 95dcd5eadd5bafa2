import { AccountService } from '../../../src/domain/accounts/account-service.js';
import { credits } from '../../../src/domain/credits/prices.js';
import type { JobRecord, Store } from '../../../src/core/store.js';
import { RecordingDispatcher } from '../../../src/domain/tasks/fake-dispatcher.js';
import { TaskService } from '../../../src/domain/tasks/task-service.js';
import type { Task } from '../../../src/core/task.js';
import { newId } from '../../../src/core/ids.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';

export const START_MS = Date.parse('2025-01-01T00:00:00.000Z');

/** What an account has in the store: the proof that a refused request created and held nothing. */
export interface Footprint {
  balanceMillicredits: number;
  tasks: number;
  jobs: number;
  links: number;
  ledgerEntries: number;
}

/**
 * One in-memory SQLite store (migrated, no file) with the task service on a recording dispatcher
 * and a pinned clock: what a domain service needs below it, without a queue or an HTTP server.
 */
export interface DomainHarness {
  db: OpenDatabase;
  store: Store;
  clock: ReturnType<typeof fixedClock>;
  dispatcher: RecordingDispatcher;
  tasks: TaskService;
  /** A new account with this many credits; its id. */
  account(creditsGiven: number): Promise<string>;
  balance(accountId: string): Promise<number>;
  footprint(accountId: string): Promise<Footprint>;
  /** The job rows of a task, oldest first. */
  jobsOf(taskId: string): Promise<JobRecord[]>;
  /** Stores a finished task as a job would leave it (for follow-up rules). */
  doneTask(accountId: string, kind: string, input: Record<string, unknown>, result: Record<string, unknown>): Promise<Task>;
  close(): Promise<void>;
}

export async function domainHarness(opts: { webhookUrlProblem?: (url: string) => string | null } = {}): Promise<DomainHarness> {
  const db = await openDatabase({ databaseUrl: 'sqlite::memory:', dataDir: '/nonexistent' });
  const store = kyselyStore(db.db, db.dialect);
  const clock = fixedClock(START_MS);
  const dispatcher = new RecordingDispatcher();
  const tasks = new TaskService(store, dispatcher, clock, 3, opts.webhookUrlProblem);
  const accounts = new AccountService(store, clock);
  const count = async (table: 'tasks' | 'links' | 'credit_ledger', accountId: string) =>
    Number(
      (
        await db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('account_id', '=', accountId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    db,
    store,
    clock,
    dispatcher,
    tasks,
    account: async (creditsGiven) => (await accounts.create('unit', creditsGiven)).account_id,
    balance: async (accountId) => (await store.accounts.get(accountId))?.balanceMillicredits ?? 0,
    async footprint(accountId) {
      const jobs = await db.db
        .selectFrom('jobs')
        .innerJoin('tasks', 'tasks.id', 'jobs.task_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('tasks.account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return {
        balanceMillicredits: (await store.accounts.get(accountId))?.balanceMillicredits ?? 0,
        tasks: await count('tasks', accountId),
        jobs: Number(jobs.n),
        links: await count('links', accountId),
        ledgerEntries: await count('credit_ledger', accountId),
      };
    },
    async jobsOf(taskId) {
      const rows = await db.db.selectFrom('jobs').select('id').where('task_id', '=', taskId).orderBy('created_at').execute();
      return (await Promise.all(rows.map((r) => store.jobs.get(r.id)))).filter((j): j is JobRecord => j !== null);
    },
    async doneTask(accountId, kind, input, result) {
      const at = clock.nowIso();
      const task: Task = {
        id: newId(),
        accountId,
        kind,
        status: 'done',
        progress: 100,
        failedReason: null,
        input,
        result,
        heldMillicredits: 0,
        chargedMillicredits: 0,
        webhookUrl: null,
        createdAt: at,
        updatedAt: at,
        finishedAt: at,
      };
      await store.tasks.insert(task);
      return task;
    },
    close: () => db.close(),
  };
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejectionOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected a rejection, but it resolved');
}

export { credits };
