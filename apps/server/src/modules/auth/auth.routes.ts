import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { authStatusResponse, errorResponse, loginRequest, loginResponse, messageResponse } from '@etiqueta/contracts';
import type { Env } from '../../config/env.ts';
import type { AuthService } from './auth.service.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-cookie.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService; env: Env }> = async (app, { auth, env }) => {

  app.get(
    '/api/auth/status',
    { schema: { tags: ['sesión'], summary: 'Sesión actual', response: { 200: authStatusResponse } } },
    async (request, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      return { authenticated: request.user !== null, user: request.user };
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: app.abuseRateLimit,
      schema: {
        tags: ['sesión'],
        summary: 'Iniciar sesión: envía un código al email autorizado, o lo verifica (con la contraseña en cuentas privilegiadas)',
        body: loginRequest,
        response: { 200: loginResponse, 401: errorResponse, 503: errorResponse },
      },
    },
    async (request, reply) => {
      const { response, session } = await auth.login(request.body);
      if (session) setSessionCookie(reply, session.token, session.expiresAt, env.SECURE_COOKIES);
      return response;
    },
  );

  app.post(
    '/api/auth/logout',
    { schema: { tags: ['sesión'], summary: 'Cerrar sesión', response: { 200: messageResponse } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await auth.logout(token);
      clearSessionCookie(reply);
      return { message: 'Sesión cerrada' };
    },
  );
};
