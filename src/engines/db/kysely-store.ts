import type { Kysely } from 'kysely';
import type { Repos, Store } from '../../core/store.js';
import { accountRepo, apiKeyRepo, ledgerRepo } from './account-repos.js';
import { idempotencyKeyRepo } from './idempotency-repo.js';
import type { DialectName } from './open-database.js';
import type { DirectRowReader } from './sqlite-direct-read.js';
import type { Database } from './schema.js';
import { jobRepo, linkRepo, rateBucketRepo, taskRepo } from './task-repos.js';

function repos(db: Kysely<Database>, dialect: DialectName, direct?: DirectRowReader): Repos {
  return {
    accounts: accountRepo(db, dialect),
    apiKeys: apiKeyRepo(db),
    ledger: ledgerRepo(db),
    tasks: taskRepo(db, dialect, direct),
    jobs: jobRepo(db, dialect),
    links: linkRepo(db),
    rateBuckets: rateBucketRepo(db, dialect),
    idempotencyKeys: idempotencyKeyRepo(db),
  };
}

/**
 * The Store port on Kysely: the same queries on SQLite and PostgreSQL. `direct` (the embedded
 * database's unqueued reads) serves the polling path outside transactions only.
 */
export function kyselyStore(db: Kysely<Database>, dialect: DialectName, direct?: DirectRowReader): Store {
  return {
    ...repos(db, dialect, direct),
    transaction: (fn) => db.transaction().execute((trx) => fn(repos(trx, dialect))),
  };
}
