import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  accountData,
  accountExport,
  accountNamePatch,
  errorResponse,
  messageResponse,
  personalDataRequest,
} from '@etiqueta/contracts';
import { unauthorized } from '../../lib/errors.ts';
import { clearSessionCookie } from '../auth/session-cookie.ts';
import type { AccountService } from './account.service.ts';
import { API_CACHE } from '../../plugins/cache-headers.ts';

const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 429: errorResponse };
const EXPORT_FILE = 'etiqueta-clara-mis-datos.json';

/**
 * Mi cuenta (the person's own data) and the admin's way to serve a request by email for someone who cannot
 * sign in. The email travels in a POST body, never in an address, so it stays out of request logs.
 */
export const accountRoutes: FastifyPluginAsyncZod<{ account: AccountService }> = async (app, { account: service }) => {
  const signedIn = { onRequest: app.requireUser };
  const admin = { onRequest: app.requireRole('admin') };
  const me = (user: { id: number } | null) => {
    if (!user) throw unauthorized();
    return user.id;
  };
  const tags = ['mi cuenta'];

  app.get(
    '/api/account',
    { ...signedIn, schema: { tags, summary: 'Mis datos, tal como los guardamos', response: { 200: accountData, ...errors } } },
    async (req, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      return service.myData(me(req.user));
    },
  );

  app.patch(
    '/api/account',
    {
      ...signedIn,
      schema: { tags, summary: 'Corregir mi nombre', body: accountNamePatch, response: { 200: accountData, ...errors } },
    },
    (req) => service.rename(me(req.user), req.body),
  );

  app.get(
    '/api/account/export',
    {
      ...signedIn,
      config: app.abuseRateLimit,
      schema: { tags, summary: 'Descargar mis datos (JSON)', response: { 200: accountExport, ...errors } },
    },
    async (req, reply) => {
      reply.header('cache-control', API_CACHE.personal);
      reply.header('content-disposition', `attachment; filename="${EXPORT_FILE}"`);
      return service.myExport(me(req.user));
    },
  );

  app.delete(
    '/api/account',
    {
      ...signedIn,
      config: app.abuseRateLimit,
      schema: { tags, summary: 'Eliminar mi cuenta y todos mis datos', response: { 200: messageResponse, ...errors } },
    },
    async (req, reply) => {
      await service.eraseMe(me(req.user));
      clearSessionCookie(reply);
      return { message: 'Tu cuenta y tus datos fueron eliminados' };
    },
  );

  app.post(
    '/api/admin/personal-data/export',
    {
      ...admin,
      schema: {
        tags: ['administración'],
        summary: 'Entregar los datos de una persona que lo pidió por contacto',
        body: personalDataRequest,
        response: { 200: accountExport, ...errors },
      },
    },
    (req) => service.exportFor(req.body.email, me(req.user)),
  );

  app.post(
    '/api/admin/personal-data/erase',
    {
      ...admin,
      schema: {
        tags: ['administración'],
        summary: 'Eliminar los datos de una persona que lo pidió por contacto',
        body: personalDataRequest,
        response: { 200: messageResponse, ...errors },
      },
    },
    (req) => service.eraseFor(req.body.email, me(req.user)),
  );
};
