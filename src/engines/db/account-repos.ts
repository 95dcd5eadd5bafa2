import { sql, type Kysely } from 'kysely';
import type { AccountRepo, ApiKeyRepo, LedgerRepo } from '../../core/store.js';
import { ledgerFromRow } from './rows.js';
import type { DialectName } from './open-database.js';
import type { Database } from './schema.js';

export function accountRepo(db: Kysely<Database>, dialect: DialectName): AccountRepo {
  return {
    async create(a) {
      await db.insertInto('accounts').values({ id: a.id, name: a.name, balance_millicredits: 0, webhook_secret: null, created_at: a.createdAt }).execute();
    },
    async get(id) {
      const r = await db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
      return r
        ? { id: r.id, name: r.name, balanceMillicredits: Number(r.balance_millicredits), webhookSecret: r.webhook_secret, createdAt: r.created_at }
        : null;
    },
    async count() {
      const r = await db.selectFrom('accounts').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      return Number(r.n);
    },
    async moveBalance(id, delta) {
      // One conditional UPDATE: concurrent holds cannot both pass the check, on either database.
      const r = await db
        .updateTable('accounts')
        .set({ balance_millicredits: sql`balance_millicredits + ${delta}` })
        .where('id', '=', id)
        .where(sql<boolean>`balance_millicredits + ${delta} >= 0`)
        .returning('balance_millicredits')
        .executeTakeFirst();
      return r ? Number(r.balance_millicredits) : null;
    },
    async setWebhookSecret(id, secret) {
      await db.updateTable('accounts').set({ webhook_secret: secret }).where('id', '=', id).execute();
    },
    async lock(id) {
      // SQLite has no row locks and needs none: a transaction here began with BEGIN IMMEDIATE.
      if (dialect === 'postgres') await db.selectFrom('accounts').select('id').where('id', '=', id).forUpdate().execute();
    },
  };
}

export function apiKeyRepo(db: Kysely<Database>): ApiKeyRepo {
  return {
    async create(k) {
      await db
        .insertInto('api_keys')
        .values({ api_id: k.apiId, account_id: k.accountId, key_hash: k.keyHash, created_at: k.createdAt, revoked_at: null })
        .execute();
    },
    async get(apiId) {
      const r = await db.selectFrom('api_keys').selectAll().where('api_id', '=', apiId).executeTakeFirst();
      return r ? { apiId: r.api_id, accountId: r.account_id, keyHash: r.key_hash, revokedAt: r.revoked_at } : null;
    },
    async revokeAllFor(accountId, at) {
      await db.updateTable('api_keys').set({ revoked_at: at }).where('account_id', '=', accountId).where('revoked_at', 'is', null).execute();
    },
    async accountOf(apiId) {
      const r = await db.selectFrom('api_keys').select('account_id').where('api_id', '=', apiId).executeTakeFirst();
      return r?.account_id ?? null;
    },
  };
}

export function ledgerRepo(db: Kysely<Database>): LedgerRepo {
  return {
    async append(e) {
      await db
        .insertInto('credit_ledger')
        .values({
          id: e.id,
          account_id: e.accountId,
          task_id: e.taskId,
          kind: e.kind,
          amount_millicredits: e.amountMillicredits,
          balance_after_millicredits: e.balanceAfterMillicredits,
          note: e.note,
          created_at: e.createdAt,
        })
        .execute();
    },
    async listForAccount(accountId) {
      const rows = await db.selectFrom('credit_ledger').selectAll().where('account_id', '=', accountId).orderBy('seq').execute();
      return rows.map(ledgerFromRow);
    },
    async listForTask(taskId) {
      const rows = await db.selectFrom('credit_ledger').selectAll().where('task_id', '=', taskId).orderBy('seq').execute();
      return rows.map(ledgerFromRow);
    },
  };
}
