import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountService } from '../../../src/domain/accounts/account-service.js';
import type { Store } from '../../../src/core/store.js';
import { fixedClock } from '../../../src/core/clock.js';
import { kyselyStore } from '../../../src/engines/db/kysely-store.js';
import { openDatabase, type OpenDatabase } from '../../../src/engines/db/open-database.js';
import { databases, type TestDatabase } from '../../helpers/databases.js';

const TTL_MS = 5_000;

/** The store with its key look-ups counted, and optionally held at a gate after the read. */
function observed(store: Store) {
  const seen = { lookups: 0, gate: null as Promise<void> | null };
  const apiKeys = {
    ...store.apiKeys,
    async get(apiId: string) {
      seen.lookups++;
      const gate = seen.gate;
      const row = await store.apiKeys.get(apiId);
      if (gate !== null) await gate;
      return row;
    },
  };
  return { store: { ...store, apiKeys } as Store, seen };
}

describe.each(databases)('verified-credential cache on %s', (_name, fresh) => {
  let tdb: TestDatabase;
  let opened: OpenDatabase;
  let store: Store;

  beforeAll(async () => {
    tdb = await fresh();
    opened = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
    store = kyselyStore(opened.db, opened.dialect);
  });
  afterAll(async () => {
    await opened.close();
    await tdb.drop();
  });

  it('looks a verified key up once per TTL, and refuses a wrong key for that id every time', async () => {
    const clock = fixedClock(Date.parse('2025-01-01T00:00:00Z'));
    const { store: counted, seen } = observed(store);
    const accounts = new AccountService(counted, clock, { verifiedTtlMs: TTL_MS });
    const creds = await accounts.create('cached', 0);
    for (let i = 0; i < 5; i++) expect(await accounts.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    expect(seen.lookups).toBe(1);
    await expect(accounts.authenticate(creds.api_id, `${creds.api_key}x`)).rejects.toThrow(/Invalid API credentials/);
    await expect(accounts.authenticate(creds.api_id, creds.api_key.slice(0, -1))).rejects.toThrow(/Invalid API credentials/);
    // A failure is never cached: each wrong key is checked against the database.
    expect(seen.lookups).toBe(3);
    clock.advance(TTL_MS);
    expect(await accounts.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    expect(seen.lookups).toBe(4);
  });

  it('refuses a key rotated in this process at once', async () => {
    const clock = fixedClock(Date.parse('2025-01-01T00:00:00Z'));
    const accounts = new AccountService(store, clock, { verifiedTtlMs: TTL_MS });
    const creds = await accounts.create('rotated here', 0);
    expect(await accounts.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    const rotated = await accounts.rotate(creds.api_id);
    await expect(accounts.authenticate(creds.api_id, creds.api_key)).rejects.toThrow(/Invalid API credentials/);
    expect(await accounts.authenticate(rotated.api_id, rotated.api_key)).toBe(creds.account_id);
  });

  it('refuses a key revoked by another process once the cached entry expires (the documented bound)', async () => {
    const clock = fixedClock(Date.parse('2025-01-01T00:00:00Z'));
    const api = new AccountService(store, clock, { verifiedTtlMs: TTL_MS });
    const admin = new AccountService(store, clock);
    const creds = await api.create('rotated elsewhere', 0);
    expect(await api.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    await admin.rotate(creds.api_id);
    clock.advance(TTL_MS - 1);
    expect(await api.authenticate(creds.api_id, creds.api_key)).toBe(creds.account_id);
    clock.advance(1);
    await expect(api.authenticate(creds.api_id, creds.api_key)).rejects.toThrow(/Invalid API credentials/);
  });

  it('does not cache a look-up that read the key before a rotation in this process committed', async () => {
    const clock = fixedClock(Date.parse('2025-01-01T00:00:00Z'));
    const { store: gated, seen } = observed(store);
    const accounts = new AccountService(gated, clock, { verifiedTtlMs: TTL_MS });
    const creds = await accounts.create('race', 0);
    let open!: () => void;
    seen.gate = new Promise<void>((r) => (open = r));
    const early = accounts.authenticate(creds.api_id, creds.api_key);
    while (seen.lookups === 0) await new Promise((r) => setImmediate(r));
    seen.gate = null;
    await accounts.rotate(creds.api_id);
    open();
    // It read the row while the key was valid, so it may answer; it must not be remembered.
    expect(await early).toBe(creds.account_id);
    await expect(accounts.authenticate(creds.api_id, creds.api_key)).rejects.toThrow(/Invalid API credentials/);
  });

  it('with a TTL of 0 looks the key up on every request', async () => {
    const { store: counted, seen } = observed(store);
    const accounts = new AccountService(counted, fixedClock(0), { verifiedTtlMs: 0 });
    const creds = await accounts.create('uncached', 0);
    await accounts.authenticate(creds.api_id, creds.api_key);
    await accounts.authenticate(creds.api_id, creds.api_key);
    expect(seen.lookups).toBe(2);
  });
});
