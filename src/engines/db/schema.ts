import type { Generated } from 'kysely';

/** Table shapes as stored. JSON columns are text; timestamps are ISO 8601 UTC text in both dialects. */
export interface AccountsTable {
  id: string;
  name: string;
  balance_millicredits: number;
  webhook_secret: string | null;
  created_at: string;
  /** How many tasks the account has, kept by triggers (migration 0006). */
  task_count: Generated<number>;
}

export interface ApiKeysTable {
  api_id: string;
  account_id: string;
  key_hash: string;
  created_at: string;
  revoked_at: string | null;
}

export interface CreditLedgerTable {
  seq: Generated<number>;
  id: string;
  account_id: string;
  task_id: string | null;
  kind: string;
  amount_millicredits: number;
  balance_after_millicredits: number;
  note: string | null;
  created_at: string;
}

export interface TasksTable {
  id: string;
  account_id: string;
  kind: string;
  status: string;
  progress: number;
  failed_reason: string | null;
  input: string;
  result: string;
  held_millicredits: number;
  charged_millicredits: number;
  webhook_url: string | null;
  created_at: string;
  updated_at: string;
  finished_at: string | null;
  /** Retention: when the sweep takes the task's files, or its lease while it does (migration 0002). */
  purge_at: string | null;
  /** Inline tasks: until when the API process running it vouches for it (migration 0003). */
  lease_until: string | null;
}

export interface JobsTable {
  id: string;
  task_id: string | null;
  name: string;
  payload: string;
  status: string;
  attempts: number;
  max_attempts: number;
  run_at: string;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  dispatched_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface LinksTable {
  id: string;
  account_id: string;
  url: string | null;
  facts: string;
  charged_millicredits: number;
  created_at: string;
  updated_at: string;
}

export interface RateBucketsTable {
  key: string;
  tokens: number;
  updated_at_ms: number;
}

/** Idempotency keys per account (migration 0004); the response is stored as sent. */
export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  fingerprint: string;
  state: string;
  lock_token: string | null;
  locked_until: string | null;
  response_status: number | null;
  response_content_type: string | null;
  response_body: string | null;
  created_at: string;
  expires_at: string;
}

export interface Database {
  accounts: AccountsTable;
  api_keys: ApiKeysTable;
  credit_ledger: CreditLedgerTable;
  tasks: TasksTable;
  jobs: JobsTable;
  links: LinksTable;
  rate_buckets: RateBucketsTable;
  idempotency_keys: IdempotencyKeysTable;
}
