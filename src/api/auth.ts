import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../domain/accounts/account-service.js';
import { Throttled } from '../core/errors.js';
import type { RateLimiter } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    accountId: string;
    apiId: string;
  }
}

/** Every /api/ and /sse/ route: the two credential headers, then the per-key token bucket. */
export function authAndRateLimit(accounts: AccountService, limiter: RateLimiter) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const apiId = header(request, 'x-api-id');
    const apiKey = header(request, 'x-api-key');
    request.accountId = await accounts.authenticate(apiId, apiKey);
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
