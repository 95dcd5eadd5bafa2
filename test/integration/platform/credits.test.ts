import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hold, release, settle } from '../../../src/domain/credits/credit-service.js';
import { InsufficientCredits } from '../../../src/core/errors.js';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import { systemClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

describe.each(databases)('credit ledger on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;
  let accounts: AccountService;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
    accounts = new AccountService(store, systemClock);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  it('lets exactly 10 of 50 concurrent holds through a balance that covers 10', async () => {
    const { account_id } = await accounts.create('race', 10);
    const at = new Date().toISOString();
    const attempts = Array.from({ length: 50 }, (_, i) =>
      store.transaction(async (tx) => {
        await hold(tx, account_id, `task-${i}`, 1000, at);
      }),
    );
    const results = await Promise.allSettled(attempts);
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected' && r.reason instanceof InsufficientCredits).length;
    expect(ok).toBe(10);
    expect(refused).toBe(40);
    const account = await store.accounts.get(account_id);
    expect(account?.balanceMillicredits).toBe(0);
    const ledger = await store.ledger.listForAccount(account_id);
    expect(ledger.every((e) => e.balanceAfterMillicredits >= 0)).toBe(true);
    expect(ledger.reduce((s, e) => s + e.amountMillicredits, 0)).toBe(0);
  });

  it('settles a hold: charges the actual cost capped at the hold, and releases on failure', async () => {
    const { account_id } = await accounts.create('settle', 10);
    const at = new Date().toISOString();
    await store.transaction((tx) => hold(tx, account_id, 't1', 4000, at));
    expect((await store.accounts.get(account_id))?.balanceMillicredits).toBe(6000);
    const charged = await store.transaction((tx) => settle(tx, account_id, 't1', 4000, 1000, at));
    expect(charged).toBe(1000);
    expect((await store.accounts.get(account_id))?.balanceMillicredits).toBe(9000);
    await store.transaction((tx) => hold(tx, account_id, 't2', 2000, at));
    const capped = await store.transaction((tx) => settle(tx, account_id, 't2', 2000, 5000, at));
    expect(capped).toBe(2000);
    await store.transaction((tx) => hold(tx, account_id, 't3', 3000, at));
    await store.transaction((tx) => release(tx, account_id, 't3', 3000, at));
    expect((await store.accounts.get(account_id))?.balanceMillicredits).toBe(7000);
    const kinds = (await store.ledger.listForTask('t1')).map((e) => e.kind);
    expect(kinds).toEqual(['hold', 'release', 'charge']);
  });

  it('refuses a balance below zero at the database level', async () => {
    const { account_id } = await accounts.create('floor', 1);
    expect(await store.accounts.moveBalance(account_id, -1001)).toBeNull();
    expect(await store.accounts.moveBalance(account_id, -1000)).toBe(0);
  });

  it('authenticates with the issued key only, and rotation revokes the old key', async () => {
    const creds = await accounts.create('keys', 0);
    expect(await accounts.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    await expect(accounts.authenticate(creds.api_id, `${creds.api_key}x`)).rejects.toThrow(/Invalid API credentials/);
    await expect(accounts.authenticate(undefined, undefined)).rejects.toThrow(/not provided/);
    const rotated = await accounts.rotate(creds.api_id);
    await expect(accounts.authenticate(creds.api_id, creds.api_key)).rejects.toThrow();
    expect(await accounts.authenticate(rotated.api_id, rotated.api_key)).toBe(creds.account_id);
  });
});
