import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { IdempotencyKeyRepo, IdempotencyRecord } from '../../core/store.js';
import type { Database, IdempotencyKeysTable } from './schema.js';

function fromRow(r: Selectable<IdempotencyKeysTable>): IdempotencyRecord {
  return {
    accountId: r.account_id,
    key: r.key,
    fingerprint: r.fingerprint,
    state: r.state === 'done' ? 'done' : 'in_flight',
    lockToken: r.lock_token,
    lockedUntil: r.locked_until,
    response: r.response_status === null ? null : { statusCode: Number(r.response_status), contentType: r.response_content_type, body: r.response_body ?? '' },
    createdAt: r.created_at,
    expiresAt: r.expires_at,
  };
}

/** A sweep may delete the row between our failed insert and our read: then we simply try again. */
const CLAIM_ATTEMPTS = 3;

export function idempotencyKeyRepo(db: Kysely<Database>): IdempotencyKeyRepo {
  const row = (accountId: string, key: string) => db.selectFrom('idempotency_keys').selectAll().where('account_id', '=', accountId).where('key', '=', key);
  const changed = (r: { numUpdatedRows?: bigint; numInsertedOrUpdatedRows?: bigint; numDeletedRows?: bigint }) =>
    Number(r.numUpdatedRows ?? r.numInsertedOrUpdatedRows ?? r.numDeletedRows ?? 0) > 0;

  /** The row of `key` while the request holding `lockToken` still runs it. */
  const heldLock = (accountId: string, key: string, lockToken: string) => (eb: ExpressionBuilder<Database, 'idempotency_keys'>) =>
    eb.and([eb('account_id', '=', accountId), eb('key', '=', key), eb('lock_token', '=', lockToken), eb('state', '=', 'in_flight')]);

  return {
    async claim(r, now) {
      // A key as a first request leaves it: locked by this request, no stored response yet.
      const freshKey = {
        fingerprint: r.fingerprint,
        state: 'in_flight' as const,
        lock_token: r.lockToken,
        locked_until: r.lockedUntil,
        response_status: null,
        response_content_type: null,
        response_body: null,
        created_at: r.createdAt,
        expires_at: r.expiresAt,
      };
      for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt++) {
        // The primary key (account_id, key) decides between concurrent first requests: one insert wins.
        const inserted = await db
          .insertInto('idempotency_keys')
          .values({ account_id: r.accountId, key: r.key, ...freshKey })
          .onConflict((oc) => oc.columns(['account_id', 'key']).doNothing())
          .executeTakeFirst();
        if (changed(inserted)) return null;

        // Past its lifetime the key is free again, whatever request it was used with.
        const renewed = await db
          .updateTable('idempotency_keys')
          .set(freshKey)
          .where('account_id', '=', r.accountId)
          .where('key', '=', r.key)
          .where('expires_at', '<=', now)
          .executeTakeFirst();
        if (changed(renewed)) return null;

        // The holder died (it stopped renewing): the same request may run again; the 24 h still count from the first.
        const takenOver = await db
          .updateTable('idempotency_keys')
          .set({ lock_token: r.lockToken, locked_until: r.lockedUntil })
          .where('account_id', '=', r.accountId)
          .where('key', '=', r.key)
          .where('state', '=', 'in_flight')
          .where('locked_until', '<=', now)
          .where('fingerprint', '=', r.fingerprint)
          .executeTakeFirst();
        if (changed(takenOver)) return null;

        const existing = await row(r.accountId, r.key).executeTakeFirst();
        if (existing) return fromRow(existing);
      }
      throw new Error(`idempotency key could not be claimed or read after ${CLAIM_ATTEMPTS} attempts`);
    },

    async renew(accountId, key, lockToken, lockedUntil) {
      const r = await db
        .updateTable('idempotency_keys')
        .set({ locked_until: lockedUntil })
        .where(heldLock(accountId, key, lockToken))
        .executeTakeFirst();
      return changed(r);
    },

    async complete(accountId, key, lockToken, response) {
      const r = await db
        .updateTable('idempotency_keys')
        .set({
          state: 'done',
          lock_token: null,
          locked_until: null,
          response_status: response.statusCode,
          response_content_type: response.contentType,
          response_body: response.body,
        })
        .where(heldLock(accountId, key, lockToken))
        .executeTakeFirst();
      return changed(r);
    },

    async release(accountId, key, lockToken) {
      await db
        .deleteFrom('idempotency_keys')
        .where(heldLock(accountId, key, lockToken))
        .execute();
    },

    async get(accountId, key) {
      const r = await row(accountId, key).executeTakeFirst();
      return r ? fromRow(r) : null;
    },

    async deleteExpired(now, limit) {
      const due = await db
        .selectFrom('idempotency_keys')
        .select(['account_id', 'key'])
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute();
      if (due.length === 0) return 0;
      const r = await db
        .deleteFrom('idempotency_keys')
        .where('expires_at', '<=', now)
        .where((eb) => eb.or(due.map((d) => eb.and([eb('account_id', '=', d.account_id), eb('key', '=', d.key)]))))
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },
  };
}
