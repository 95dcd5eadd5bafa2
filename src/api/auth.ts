import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../domain/accounts/account-service.js';
import { AuthenticationFailed, Throttled } from '../core/errors.js';
import type { AuthFailureThrottle } from './auth-failures.js';
import type { RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string;
    apiId: string;
  }
}

/**
 * Every /api/ and /sse/ route: the address's failed-authentication bucket, the two credential
 * headers, then the per-key token bucket.
 */
export function authAndRateLimit(accounts: AccountService, limiter: RateLimiter, failures: AuthFailureThrottle) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    failures.check(request.ip);
    const apiId = header(request, 'x-api-id');
    const apiKey = header(request, 'x-api-key');
    try {
      request.accountId = await accounts.authenticate(apiId, apiKey);
    } catch (err) {
      if (err instanceof AuthenticationFailed) await failures.failed(request.ip);
      throw err;
    }
    request.apiId = apiId!;
    const d = await limiter.take(request.apiId);
    reply.header('RateLimit-Limit', String(d.limit));
    reply.header('RateLimit-Remaining', String(d.remaining));
    reply.header('RateLimit-Reset', String(d.resetSeconds));
    if (!d.allowed) throw new Throttled(d.retryAfterSeconds);
  };
}

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}
