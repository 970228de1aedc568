/**
 * Request limits on the API (docs/SECURITY.md). Two layers, both answering 429 `RATE_LIMITED`
 * with `Retry-After`:
 * - per client address, on every request before the token is checked (so a flood of bad tokens
 *   costs little), generous enough for many users behind one address;
 * - per signed-in user (per address without a valid token) after the token is checked, with
 *   tighter buckets for the expensive calls: scan runs and exports.
 * Counters live in memory (one process); a restart resets them.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError, errorMessage } from '#domain/errors.ts';
import type { Limit, RateLimits } from '../config.ts';

/** Many users may share one address (an office, a carrier's NAT): this many users' worth. */
const USERS_PER_ADDRESS = 5;

/** The route's `config.rateLimit` for an expensive call: its own bucket per user. */
export function heavyCallLimit(limit: Limit, group: string) {
  return { max: limit.max, timeWindow: limit.windowMs, groupId: group, keyGenerator: userKey };
}

function userKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `addr:${request.ip}`;
}

/** The 429 `RATE_LIMITED` error, saying when to retry (a rate-limit plugin's errorResponseBuilder). */
export const rateLimited = (_request: FastifyRequest, context: { after: string }) =>
  new DomainError('RATE_LIMITED', { message: `${errorMessage('RATE_LIMITED')} (retry in ${context.after})` });

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Counts the request against `limiter`; over the limit, a 429 with Retry-After. */
export async function enforceLimit(
  limiter: Limiter,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const result = await limiter(request);
  if (result.isAllowed || !result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw rateLimited(request, { after: `${result.ttlInSeconds} s` });
}

/**
 * A per-user limiter for a call that learns its user inside the handler (the exports take their
 * token from the form): call it with the user's id.
 */
export function perUserLimiter(app: FastifyInstance, limit: Limit, group: string) {
  const limiter = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowMs,
    keyGenerator: (request) => `${group}:${userKey(request)}`,
  });
  return (request: FastifyRequest, reply: FastifyReply) => enforceLimit(limiter, request, reply);
}

export async function installRateLimits(api: FastifyInstance, limits: RateLimits): Promise<void> {
  await api.register(rateLimit, {
    global: true,
    max: limits.api.max,
    timeWindow: limits.api.windowMs,
    // After authentication (an onRequest hook), so a signed-in user has one bucket wherever they are.
    hook: 'preHandler',
    keyGenerator: userKey,
    errorResponseBuilder: rateLimited,
  });
  const perAddress = api.createRateLimit({
    max: limits.api.max * USERS_PER_ADDRESS,
    timeWindow: limits.api.windowMs,
    keyGenerator: (request) => `addr-all:${request.ip}`,
  });
  api.addHook('onRequest', (request, reply) => enforceLimit(perAddress, request, reply));
}
