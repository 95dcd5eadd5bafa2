import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../../core/clock.js';
import { newId } from '../../core/ids.js';
import { AuthenticationFailed, NotAuthenticated, NotFound } from '../../core/errors.js';
import type { Store } from '../../core/store.js';
import { grant } from '../credits/credit-service.js';
import { credits } from '../credits/prices.js';
import { newWebhookSecret } from '../webhooks/signature.js';
import { VerifiedCredentials } from './verified-credentials.js';

export interface IssuedCredentials {
  account_id: string;
  api_id: string;
  api_key: string;
  credits: number;
}

// Keys are 256-bit random, so a fast hash is enough: there is nothing to brute-force.
const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
const newApiId = () => `cw_${randomBytes(9).toString('base64url')}`;
const newApiKey = () => `cwk_${randomBytes(32).toString('base64url')}`;

export class AccountService {
  private readonly verified: VerifiedCredentials;

  /** `verifiedTtlMs`: how long a verified key is trusted without a database look-up (0: never). */
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    opts: { verifiedTtlMs?: number } = {},
  ) {
    this.verified = new VerifiedCredentials(opts.verifiedTtlMs ?? 0, clock);
  }

  async create(name: string, initialCredits: number): Promise<IssuedCredentials> {
    const accountId = newId();
    const apiId = newApiId();
    const apiKey = newApiKey();
    const at = this.clock.nowIso();
    await this.store.transaction(async (tx) => {
      await tx.accounts.create({ id: accountId, name, createdAt: at });
      await tx.apiKeys.create({ apiId, accountId, keyHash: hashKey(apiKey), createdAt: at });
      if (initialCredits > 0) await grant(tx, accountId, credits(initialCredits), at, 'initial credits');
    });
    return { account_id: accountId, api_id: apiId, api_key: apiKey, credits: initialCredits };
  }

  /** Issues a new key for the account of `apiId`; every older key of the account stops working. */
  async rotate(apiId: string): Promise<IssuedCredentials> {
    const at = this.clock.nowIso();
    const issued = await this.store.transaction(async (tx) => {
      const accountId = await tx.apiKeys.accountOf(apiId);
      if (!accountId) throw new NotFound('API key');
      await tx.apiKeys.revokeAllFor(accountId, at);
      const newApi = newApiId();
      const key = newApiKey();
      await tx.apiKeys.create({ apiId: newApi, accountId, keyHash: hashKey(key), createdAt: at });
      const account = await tx.accounts.get(accountId);
      return { account_id: accountId, api_id: newApi, api_key: key, credits: (account?.balanceMillicredits ?? 0) / 1000 };
    });
    // After the commit: a look-up that read the old row before it cannot cache it (see `since`).
    this.verified.forgetAccount(issued.account_id);
    return issued;
  }

  async grantCredits(apiId: string, amountCredits: number): Promise<{ account_id: string; remaining_credits: number }> {
    const at = this.clock.nowIso();
    return this.store.transaction(async (tx) => {
      const accountId = await tx.apiKeys.accountOf(apiId);
      if (!accountId) throw new NotFound('API key');
      const balance = await grant(tx, accountId, credits(amountCredits), at, 'granted by admin');
      return { account_id: accountId, remaining_credits: balance / 1000 };
    });
  }

  /**
   * Sets the secret that signs the webhooks of the account of `apiId`: the given one, a new random
   * one when `secret` is undefined, or none (unsigned webhooks) when it is null.
   */
  async setWebhookSecret(apiId: string, secret?: string | null): Promise<{ account_id: string; webhook_secret: string | null }> {
    const value = secret === undefined ? newWebhookSecret() : secret;
    if (value !== null && value.length < 16) throw new Error('a webhook secret must be at least 16 characters');
    return this.store.transaction(async (tx) => {
      const accountId = await tx.apiKeys.accountOf(apiId);
      if (!accountId) throw new NotFound('API key');
      await tx.accounts.setWebhookSecret(accountId, value);
      return { account_id: accountId, webhook_secret: value };
    });
  }

  /**
   * The account of credentials verified recently (the cache of `authenticate`), without waiting;
   * null when they must be checked against the database.
   */
  verifiedAccountOf(apiId: string | undefined, apiKey: string | undefined): string | null {
    if (!apiId || !apiKey) return null;
    return this.verified.accountOf(apiId, apiKey) ?? null;
  }

  /** Returns the account id; compares hashes in constant time. */
  async authenticate(apiId: string | undefined, apiKey: string | undefined): Promise<string> {
    if (!apiId || !apiKey) throw new NotAuthenticated();
    const known = this.verified.accountOf(apiId, apiKey);
    if (known) return known;
    const since = this.verified.generation;
    const record = await this.store.apiKeys.get(apiId);
    const expected = Buffer.from(record?.keyHash ?? hashKey('no such key'), 'hex');
    const given = Buffer.from(hashKey(apiKey), 'hex');
    const same = timingSafeEqual(expected, given);
    if (!record || record.revokedAt || !same) throw new AuthenticationFailed();
    this.verified.remember(apiId, apiKey, record.accountId, since);
    return record.accountId;
  }

  async count(): Promise<number> {
    return this.store.accounts.count();
  }
}
