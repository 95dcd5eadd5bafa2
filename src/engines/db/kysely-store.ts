import type { Kysely } from 'kysely';
import type { Repos, Store } from '../../core/store.js';
import { accountRepo, apiKeyRepo, ledgerRepo } from './account-repos.js';
import { idempotencyKeyRepo } from './idempotency-repo.js';
import type { DialectName } from './open-database.js';
import type { Database } from './schema.js';
import { jobRepo, linkRepo, rateBucketRepo, taskRepo } from './task-repos.js';

function repos(db: Kysely<Database>, dialect: DialectName): Repos {
  return {
    accounts: accountRepo(db, dialect),
    apiKeys: apiKeyRepo(db),
    ledger: ledgerRepo(db),
    tasks: taskRepo(db, dialect),
    jobs: jobRepo(db, dialect),
    links: linkRepo(db),
    rateBuckets: rateBucketRepo(db, dialect),
    idempotencyKeys: idempotencyKeyRepo(db),
  };
}

/** The Store port on Kysely: the same queries on SQLite and PostgreSQL. */
export function kyselyStore(db: Kysely<Database>, dialect: DialectName): Store {
  return {
    ...repos(db, dialect),
    transaction: (fn) => db.transaction().execute((trx) => fn(repos(trx, dialect))),
  };
}
