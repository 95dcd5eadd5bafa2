import type { Task, TaskStatus } from './task.js';

/**
 * The persistence port the domain uses. `engines/db` implements it on SQLite and PostgreSQL;
 * every write that must be atomic goes through `transaction`.
 */
export interface Account {
  id: string;
  name: string;
  balanceMillicredits: number;
  webhookSecret: string | null;
  createdAt: string;
}

export interface ApiKeyRecord {
  apiId: string;
  accountId: string;
  keyHash: string;
  revokedAt: string | null;
}

export type LedgerKind = 'grant' | 'hold' | 'release' | 'charge' | 'adjust';

export interface LedgerEntry {
  id: string;
  accountId: string;
  taskId: string | null;
  kind: LedgerKind;
  amountMillicredits: number;
  balanceAfterMillicredits: number;
  note: string | null;
  createdAt: string;
}

export interface JobRecord {
  id: string;
  taskId: string | null;
  name: string;
  payload: Record<string, unknown>;
  status: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  dispatchedAt: string | null;
}

export interface LinkRecord {
  id: string;
  accountId: string;
  url: string | null;
  facts: Record<string, unknown>;
  chargedMillicredits: number;
  createdAt: string;
  updatedAt: string;
}

export interface ListQuery {
  ids?: string[];
  orderBy?: 'created_at' | 'updated_at';
  descending?: boolean;
  limit?: number;
  /** How many of the ordered list to skip (a page of a paginated list). */
  offset?: number;
}

/** Which of an account's tasks a cross-group list shows; every field narrows it (times: ISO 8601 UTC, exclusive). */
export interface TaskListFilter {
  kinds?: string[];
  statuses?: TaskStatus[];
  createdAfter?: string;
  createdBefore?: string;
}

export interface AccountRepo {
  create(a: { id: string; name: string; createdAt: string }): Promise<void>;
  get(id: string): Promise<Account | null>;
  count(): Promise<number>;
  /** Atomically moves the balance; returns the new balance, or null if it would go below zero. */
  moveBalance(id: string, deltaMillicredits: number): Promise<number | null>;
  /** Sets (or with null, removes) the secret that signs the account's webhooks. */
  setWebhookSecret(id: string, secret: string | null): Promise<void>;
  /**
   * Inside a transaction: makes other transactions that lock the same account wait until this one
   * ends, so a count of the account's resources followed by an insert cannot interleave with another
   * (PostgreSQL: the account's row `FOR UPDATE`; SQLite's `BEGIN IMMEDIATE` already serialises writers).
   */
  lock(id: string): Promise<void>;
}

export interface ApiKeyRepo {
  create(k: { apiId: string; accountId: string; keyHash: string; createdAt: string }): Promise<void>;
  get(apiId: string): Promise<ApiKeyRecord | null>;
  revokeAllFor(accountId: string, at: string): Promise<void>;
  accountOf(apiId: string): Promise<string | null>;
}

export interface LedgerRepo {
  append(e: LedgerEntry): Promise<void>;
  listForAccount(accountId: string): Promise<LedgerEntry[]>;
  listForTask(taskId: string): Promise<LedgerEntry[]>;
}

export interface TaskRepo {
  insert(t: Task): Promise<void>;
  get(id: string): Promise<Task | null>;
  getOwned(id: string, accountId: string, kinds: string[]): Promise<Task | null>;
  list(accountId: string, kinds: string[], q: ListQuery): Promise<Task[]>;
  /** How many tasks `list` would give without its limit and offset (a paginated list's `count`). */
  countMatching(accountId: string, kinds: string[], q: Pick<ListQuery, 'ids'>): Promise<number>;
  /**
   * One page of an account's tasks of every kind, newest first (`created_at`, then `id`), skipping
   * `offset` of those the filter keeps. Served by the index on (account_id, created_at, id, kind,
   * status) (migration 0005), so a deep page walks index entries only.
   */
  listPage(accountId: string, filter: TaskListFilter, offset: number, limit: number): Promise<Task[]>;
  /** How many of an account's tasks the filter keeps. */
  countListed(accountId: string, filter: TaskListFilter): Promise<number>;
  /**
   * Moves status only from one of `from`; returns the updated task or null when it was not in `from`.
   * `purgeAt` schedules (or with null, cancels) the retention sweep for the task (see `tasks/retention.ts`).
   * `leaseUntil` sets or (null) clears an inline task's lease (see `tasks/inline-tasks.ts`).
   */
  transition(
    id: string,
    from: TaskStatus[],
    patch: Partial<Pick<Task, 'status' | 'progress' | 'failedReason' | 'result' | 'heldMillicredits' | 'chargedMillicredits' | 'finishedAt' | 'input'>> & {
      purgeAt?: string | null;
      leaseUntil?: string | null;
    },
    at: string,
  ): Promise<Task | null>;
  setProgress(id: string, progress: number, at: string): Promise<void>;
  /** How many of the account's tasks of `kinds` are in one of `statuses`. */
  countOwned(accountId: string, kinds: string[], statuses: TaskStatus[]): Promise<number>;
  /** Removes an account's task of one of `kinds` (resources kept as tasks, e.g. cloned voices); returns it, or null when there was none. */
  deleteOwned(id: string, accountId: string, kinds: string[]): Promise<Task | null>;
  /** Done tasks whose retention purge is due (`purge_at <= now`), earliest first. */
  duePurges(now: string, limit: number): Promise<PurgeCandidate[]>;
  /**
   * Takes a due purge for one sweeper: writes `result` and moves `purge_at` to `leaseUntil`, only
   * if the task is still done and `purge_at` and `updated_at` are what the sweeper read — so of
   * several sweepers exactly one gets the task. A sweeper that dies leaves the lease to lapse,
   * and the task is due again. Returns the task, or null when another sweeper (or a change) won.
   */
  claimPurge(seen: PurgeCandidate, result: Record<string, unknown>, leaseUntil: string, at: string): Promise<Task | null>;
  /** Ends a purge whose files are gone (`purge_at` back to null), only while the lease is still ours. */
  finishPurge(id: string, leaseUntil: string): Promise<boolean>;
  /** Inline tasks: moves a processing task's lease to `leaseUntil`; false when it is no longer processing (finished, or failed by the lease sweep). */
  renewLease(id: string, leaseUntil: string): Promise<boolean>;
  /** Processing tasks whose lease ran out before `now` (their process stopped renewing it), oldest lease first. */
  lapsedLeases(now: string, limit: number): Promise<Task[]>;
  /**
   * Takes a lapsed inline task for the caller's transaction: clears its lease only if it is still
   * processing and the lease still ended before `now`, so of several sweepers (or an owner that
   * finishes late) exactly one goes on. Returns the task, or null when it was not lapsed any more.
   */
  claimLapsed(id: string, now: string, at: string): Promise<Task | null>;
  /**
   * Whether any task's input holds `needle` (an upload's id): of `accountId` only, or of any account
   * with null (uploads stored before they had an owner). The upload sweep keeps what this finds.
   */
  anyInputContains(accountId: string | null, needle: string): Promise<boolean>;
}

/** A task the retention sweep may take, with the schedule it was read at. */
export interface PurgeCandidate {
  task: Task;
  purgeAt: string;
}

export interface JobRepo {
  insert(j: JobRecord, at: string): Promise<void>;
  get(id: string): Promise<JobRecord | null>;
  /** Claims the next due job (queued and due, or running with an expired lease). */
  claimNext(workerId: string, now: string, leaseUntil: string, names: string[]): Promise<JobRecord | null>;
  extendLease(id: string, workerId: string, leaseUntil: string): Promise<boolean>;
  complete(id: string, at: string): Promise<void>;
  fail(id: string, error: string, at: string): Promise<void>;
  retryLater(id: string, error: string, runAt: string, at: string): Promise<void>;
  /** Puts a running job of `workerId` back in the queue, due at `at`, its interrupted run not counted as an attempt (a shutdown's hand-back). */
  release(id: string, workerId: string, at: string): Promise<boolean>;
  undispatched(limit: number): Promise<JobRecord[]>;
  markDispatched(id: string, at: string): Promise<void>;
  /** Marks every queued row not yet handed over, so the outbox sweep sends it again (a queue that lost its data); returns how many. */
  undispatchQueued(): Promise<number>;
  countByStatus(): Promise<Record<string, number>>;
}

export interface LinkRepo {
  insert(l: LinkRecord): Promise<void>;
  getOwned(id: string, accountId: string): Promise<LinkRecord | null>;
  list(accountId: string, q: ListQuery): Promise<LinkRecord[]>;
  /** How many links `list` would give without its limit and offset. */
  countMatching(accountId: string, q: Pick<ListQuery, 'ids'>): Promise<number>;
  /** True when one of the account's links (null: anyone's) mentions `needle` in its facts (the upload sweep asks). */
  anyFactsContain(accountId: string | null, needle: string): Promise<boolean>;
  update(id: string, facts: Record<string, unknown>, url: string | null, at: string): Promise<void>;
}

export interface RateBucketRepo {
  /** Takes one token from the bucket atomically; returns tokens left (negative when refused). */
  take(key: string, capacity: number, refillPerSecond: number, nowMs: number): Promise<{ allowed: boolean; tokens: number }>;
}

/** A saved answer, replayed byte for byte to a repeat of the request. */
export interface StoredResponse {
  statusCode: number;
  contentType: string | null;
  body: string;
}

/** One `Idempotency-Key` of one account (see `domain/idempotency/idempotency-service.ts`). */
export interface IdempotencyRecord {
  accountId: string;
  key: string;
  /** Hash of the request (endpoint and canonical body) the key was first used with. */
  fingerprint: string;
  /** `in_flight` while the first request runs (held by `lockToken` until `lockedUntil`), then `done`. */
  state: 'in_flight' | 'done';
  lockToken: string | null;
  lockedUntil: string | null;
  response: StoredResponse | null;
  createdAt: string;
  /** After this the key means nothing any more: a new request may take it. */
  expiresAt: string;
}

export interface IdempotencyKeyRepo {
  /**
   * Takes the key for a new request, atomically: inserts it in flight, or takes over a row that
   * expired (any fingerprint) or whose holder stopped renewing its lock (same fingerprint only).
   * Returns null when taken, or the row that stands in the way.
   */
  claim(
    r: { accountId: string; key: string; fingerprint: string; lockToken: string; lockedUntil: string; createdAt: string; expiresAt: string },
    now: string,
  ): Promise<IdempotencyRecord | null>;
  /** Moves the lock on while its holder still runs; false when the key is no longer held with `lockToken`. */
  renew(accountId: string, key: string, lockToken: string, lockedUntil: string): Promise<boolean>;
  /** Saves the first response and ends the lock; false when the key is no longer held with `lockToken`. */
  complete(accountId: string, key: string, lockToken: string, response: StoredResponse): Promise<boolean>;
  /** Forgets an in-flight key (the request saved nothing, e.g. a 5xx), so the client may retry it. */
  release(accountId: string, key: string, lockToken: string): Promise<void>;
  get(accountId: string, key: string): Promise<IdempotencyRecord | null>;
  /** Removes up to `limit` keys that expired before `now`; returns how many. */
  deleteExpired(now: string, limit: number): Promise<number>;
}

export interface Repos {
  accounts: AccountRepo;
  apiKeys: ApiKeyRepo;
  ledger: LedgerRepo;
  tasks: TaskRepo;
  jobs: JobRepo;
  links: LinkRepo;
  rateBuckets: RateBucketRepo;
  idempotencyKeys: IdempotencyKeyRepo;
}

export interface Store extends Repos {
  transaction<T>(fn: (tx: Repos) => Promise<T>): Promise<T>;
}
