import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { addressKey } from '../../../src/api/auth-failures.js';
import { fixedClock } from '../../../src/core/clock.js';
import { startTestApp } from '../../helpers/app.js';
import { databases, freshPostgres } from '../../helpers/databases.js';

const URL = '/api/remaining_credits/';
const env = { AUTH_FAILURE_BURST: '3', AUTH_FAILURES_PER_MINUTE: '6' };

// sqlite: the embedded mode's in-memory limiter; postgres: DATABASE_URL, the database's limiter.
describe.each(databases)('failed authentications per address on %s', (_name, fresh) => {
  it('answers 429 with Retry-After once an address has spent its burst of wrong keys, even to a right key', async () => {
    const db = await fresh();
    const clock = fixedClock(Date.parse('2025-01-01T00:00:00Z'));
    const t = await startTestApp(db, env, { consume: false, clock });
    try {
      const wrong = { 'x-api-id': t.account.api_id, 'x-api-key': 'cwk_wrong' };
      const from = (remoteAddress: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url: URL, headers, remoteAddress });
      const codes: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 5; i++) {
        last = await from('203.0.113.7', i % 2 ? wrong : { ...wrong, 'x-api-id': 'cw_nobody' });
        codes.push(last.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      expect(last!.json()).toEqual({ detail: expect.stringMatching(/throttled/), code: 'throttled' });
      // 6 a minute: the next token comes in 10 s.
      expect(last!.headers['retry-after']).toBe('10');
      // While throttled the address is not told whether a key is right.
      expect((await from('203.0.113.7', t.headers)).statusCode).toBe(429);
      // Another address is not affected, with a right or a wrong key.
      expect((await from('198.51.100.1', t.headers)).statusCode).toBe(200);
      expect((await from('198.51.100.1', wrong)).statusCode).toBe(401);
      // Missing credentials cost nothing (they never reach the database).
      for (let i = 0; i < 5; i++) expect((await from('198.51.100.2', {})).statusCode).toBe(401);
      clock.advance(10_000);
      expect((await from('203.0.113.7', t.headers)).statusCode).toBe(200);
      // One token came back: one more wrong key is a 401, the next a 429.
      expect((await from('203.0.113.7', wrong)).statusCode).toBe(401);
      expect((await from('203.0.113.7', wrong)).statusCode).toBe(429);
    } finally {
      await t.close();
      await db.drop();
    }
  });

  it('lets good keys from an address through when its wrong keys stay under the burst', async () => {
    const db = await fresh();
    const t = await startTestApp(db, env, { consume: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 2; i++)
        codes.push((await t.app.inject({ method: 'GET', url: URL, headers: { ...t.headers, 'x-api-key': 'bad' }, remoteAddress: '203.0.113.9' })).statusCode);
      for (let i = 0; i < 10; i++) codes.push((await t.app.inject({ method: 'GET', url: URL, headers: t.headers, remoteAddress: '203.0.113.9' })).statusCode);
      expect(codes).toEqual([401, 401, ...Array(10).fill(200)]);
    } finally {
      await t.close();
      await db.drop();
    }
  });
});

describe('failed authentications with DATABASE_URL', () => {
  it('share one bucket per address across API processes', async () => {
    const db = await freshPostgres();
    const a = await startTestApp(db, env, { consume: false });
    const b = await startTestApp(db, env, { consume: false });
    try {
      const wrong = { 'x-api-id': a.account.api_id, 'x-api-key': 'cwk_wrong' };
      const codes = [];
      for (const app of [a, b, a, b]) codes.push((await app.app.inject({ method: 'GET', url: URL, headers: wrong, remoteAddress: '203.0.113.8' })).statusCode);
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await a.close();
      await b.close();
      await db.drop();
    }
  });
});

describe('address key of the failure bucket', () => {
  it("is the IPv4 address, the IPv4 inside an IPv4-mapped IPv6 address, or an IPv6 address's /64", () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
  });
});
