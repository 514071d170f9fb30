import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/errors.ts';
import { addressKey, type LimitRule, type SharedLimiter } from '../modules/limits/limits.service.ts';

/**
 * What a route limits: per network address (`addressKey`), or per signed-in account (else per address). `on`:
 * `'with-rate-limits'` follows RATE_LIMIT_PER_MINUTE's switch (0 turns it off, as tests do), `'always'` is a limit
 * with a setting of its own. `code` is the 429's error code (RATE_LIMITED unless said).
 */
export type RequestLimit = LimitRule & {
  name: string;
  per: 'address' | 'account';
  on: 'with-rate-limits' | 'always';
  message: string;
  code?: string;
};

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /**
     * Route `onRequest` hook for abuse-prone writes (sign-in, sign-up, contact, reports, contributions, the account's
     * export and erasure): RATE_LIMIT_PER_MINUTE a minute per network address and route, counted by the shared
     * limiter across every process. Put it after the route's guard.
     */
    abuseLimit: onRequestAsyncHookHandler;
    /** A route `onRequest` hook for a limit of its own (`RequestLimit`), also shared by every process. */
    limitRequests: (limit: RequestLimit) => onRequestAsyncHookHandler;
  }
}

/** The API's 429: the route's Spanish message, and Retry-After in whole seconds. */
export function tooManyRequests(reply: FastifyReply, retryAfterMs: number, message: string, code = 'RATE_LIMITED'): AppError {
  void reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
  return new AppError(429, code, message);
}

/**
 * The routes' limits, on the shared limiter (modules/limits). RATE_LIMIT_PER_MINUTE=0 turns off the abuse limit and
 * every rule `on: 'with-rate-limits'` (the tests' default; the limit tests turn it on). Each runs as its route's
 * onRequest hook, after the guard and before the body is read.
 */
export const rateLimitsPlugin = fp(async (app: FastifyInstance, { limiter, perMinute }: { limiter: SharedLimiter; perMinute: number }) => {
  async function check(request: FastifyRequest, reply: FastifyReply, limit: RequestLimit) {
    if (limit.on === 'with-rate-limits' && perMinute <= 0) return;
    const who = limit.per === 'account' && request.user ? `account:${request.user.id}` : `address:${addressKey(request.ip)}`;
    const decision = await limiter.take(`${limit.name}:${who}`, limit);
    if (!decision.allowed) throw tooManyRequests(reply, decision.retryAfterMs, limit.message, limit.code);
  }
  app.decorate('limitRequests', (limit: RequestLimit) => (request: FastifyRequest, reply: FastifyReply) => check(request, reply, limit));
  app.decorate('abuseLimit', (request: FastifyRequest, reply: FastifyReply) =>
    check(request, reply, {
      // Each route counts apart, as before: ten sign-ins a minute do not use up the contact form.
      name: `abuse:${request.method} ${request.routeOptions.url ?? ''}`,
      per: 'address',
      on: 'with-rate-limits',
      limit: perMinute,
      windowMs: 60_000,
      message: 'Demasiados intentos. Espera un minuto e inténtalo de nuevo.',
    }),
  );
});
