import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { hasRole, type AuthUser, type Role } from '@etiqueta/contracts';
import { AppError, databaseUnavailable, forbidden, unauthorized } from '../lib/errors.ts';
import type { Env } from '../config/env.ts';
import type { SessionRepository } from '../modules/auth/session.repository.ts';
import { clearSessionCookie, SESSION_COOKIE } from '../modules/auth/session-cookie.ts';
import { API_CACHE } from './cache-headers.ts';
import { SAFE_METHODS } from './errors.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyRequest {
    user: AuthUser | null;
    /**
     * The request carried a session cookie that could not be checked (the database did not answer): it is neither
     * signed in nor signed out. Public routes ignore it; guards and the session status answer 503.
     */
    sessionUnknown: boolean;
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    /**
     * Route `onRequest` guard: any signed-in user with access. onRequest runs before the body is
     * parsed or validated, so a visitor without access learns nothing about what a route accepts.
     */
    requireUser: onRequestAsyncHookHandler;
    /** Route `onRequest` guard factory: the role, checked on the server for every route that uses it. */
    requireRole: (role: Role) => onRequestAsyncHookHandler;
  }
}


/**
 * Resolves the session cookie to a user on every API request, refuses cross-site writes,
 * and offers the guards the routes use. The client never decides access; this does.
 */
export const authPlugin = fp(async (app: FastifyInstance, { sessions, env }: { sessions: SessionRepository; env: Env }) => {

  app.decorateRequest('user', null);
  app.decorateRequest('sessionUnknown', false);

  app.addHook('onRequest', async (request, reply) => {
    // Every write, whatever its path looks like: the router decodes '/%61pi/…' to '/api/…'.
    if (!SAFE_METHODS.has(request.method)) checkOrigin(request, env.ALLOWED_ORIGINS);
    if (!(request.routeOptions.url ?? request.url).startsWith('/api/')) return;
    const raw = request.cookies[SESSION_COOKIE];
    if (!raw) return;
    let user: AuthUser | null;
    try {
      user = await sessions.findUserByToken(raw);
    } catch (err) {
      // A public read never needs the session: it goes on as anonymous. The cookie is kept (the session may well
      // be valid), and anything personal answers 503 (requireSession).
      request.log.warn({ err }, 'session could not be checked; the request goes on without it');
      request.sessionUnknown = true;
      return;
    }
    if (user) request.user = user;
    else clearSessionCookie(reply);
  });

  // What a guard lets through is kept only by its own browser (API_CACHE): members' reads revalidated, admin
  // views never stored.
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    requireSession(request);
    reply.header('cache-control', API_CACHE.members);
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasRole(requireSession(request).role, role)) throw forbidden();
    reply.header('cache-control', API_CACHE.personal);
  });
});

/**
 * The signed-in user, or why there is none: 401 when the request has no valid session, 503 when its session could
 * not be checked (the database is down), so a signed-in person is never told they were signed out.
 */
export function requireSession(request: FastifyRequest): AuthUser {
  if (request.user) return request.user;
  if (request.sessionUnknown) throw databaseUnavailable();
  throw unauthorized();
}

/**
 * Browsers send Origin on cross-site writes, and Sec-Fetch-Site on every request: a foreign Origin, or no Origin
 * with a Sec-Fetch-Site other than same-origin, is refused (CSRF defence besides SameSite). A request with
 * neither is not from a browser page and carries no victim's cookie to abuse. The host is the request's own,
 * taken from X-Forwarded-Host only when that header comes from a trusted proxy (TRUST_PROXY).
 */
function checkOrigin(request: FastifyRequest, allowed: string[]) {
  const origin = request.headers.origin;
  if (!origin) {
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'none') return;
    throw new AppError(403, 'BAD_ORIGIN', 'Origen de la solicitud no permitido');
  }
  const host = request.host;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw new AppError(403, 'BAD_ORIGIN', 'Origen de la solicitud no permitido');
  }
  if (originHost === host || allowed.includes(origin)) return;
  throw new AppError(403, 'BAD_ORIGIN', 'Origen de la solicitud no permitido');
}
