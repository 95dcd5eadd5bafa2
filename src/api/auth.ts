import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { AccountService } from '../domain/accounts/account-service.js';
import { AuthenticationFailed, Throttled } from '../core/errors.js';
import type { AuthFailureThrottle } from './auth-failures.js';
import type { RateDecision, RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string;
    apiId: string;
  }
}

/**
 * Every /api/ and /sse/ route: the address's failed-authentication bucket, the two credential
 * headers, then the per-key token bucket.
 *
 * Callback style, because polling is most of the traffic: when the credentials were verified
 * recently and the bucket is in memory, every check is answered without a promise; otherwise the
 * same checks run against the database.
 */
export function authAndRateLimit(accounts: AccountService, limiter: RateLimiter, failures: AuthFailureThrottle) {
  const slowPath = async (request: FastifyRequest, reply: FastifyReply, apiId: string | undefined, apiKey: string | undefined) => {
    try {
      request.accountId = await accounts.authenticate(apiId, apiKey);
    } catch (err) {
      if (err instanceof AuthenticationFailed) await failures.failed(request.ip);
      throw err;
    }
    request.apiId = apiId!;
    admit(reply, await limiter.take(request.apiId));
  };

  return (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    try {
      failures.check(request.ip);
      const apiId = header(request, 'x-api-id');
      const apiKey = header(request, 'x-api-key');
      const known = limiter.takeNow ? accounts.verifiedAccountOf(apiId, apiKey) : null;
      if (known === null) {
        slowPath(request, reply, apiId, apiKey).then(() => done(), done);
        return;
      }
      request.accountId = known;
      request.apiId = apiId!;
      admit(reply, limiter.takeNow!(request.apiId));
      done();
    } catch (err) {
      done(err as Error);
    }
  };
}

function admit(reply: FastifyReply, d: RateDecision): void {
  reply.header('RateLimit-Limit', String(d.limit));
  reply.header('RateLimit-Remaining', String(d.remaining));
  reply.header('RateLimit-Reset', String(d.resetSeconds));
  if (!d.allowed) throw new Throttled(d.retryAfterSeconds);
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
