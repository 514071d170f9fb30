import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { Env } from '../../config/env.ts';
import type { AuthService } from './auth.service.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';
import { databaseUnavailable } from '../../lib/errors.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; env: Env }> = async (app, { auth, env }) => {

  app.route({
    ...endpointRoute('GET /api/auth/status'),
    handler: async (request, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      // Unknown is not "signed out": the app would forget the person's offline data (issue 33).
      if (request.sessionUnknown) throw databaseUnavailable();
      return { authenticated: request.user !== null, user: request.user };
    },
  });

  app.route({
    ...endpointRoute('POST /api/auth/login'),
    onRequest: app.abuseLimit,
    handler: async (request, reply) => {
      const { response, session } = await auth.login(request.body);
      if (session) setSessionCookie(reply, session.token, session.expiresAt, env.SECURE_COOKIES);
      return response;
    },
  });

  app.route({
    ...endpointRoute('POST /api/auth/logout'),
    handler: async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      clearSessionCookie(reply);
      return { message: 'Sesión cerrada' };
    },
  });
};
