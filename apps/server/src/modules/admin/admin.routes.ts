import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  adminContactMessage,
  adminErrorReport,
  adminSignup,
  adminUser,
  adminUserPatch,
  errorResponse,
  handledPatch,
  idParam,
  messageResponse,
} from '@etiqueta/contracts';
import type { AdminService } from './admin.service.ts';

const tags = ['administración'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

/** Running the beta (beyond the spec): members, waitlist, messages, reports. Admin only, on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };
  const actor = (u: { id: number } | null) => u?.id ?? 0;

  app.get('/api/admin/users', { ...admin, schema: { tags, response: { 200: z.array(adminUser), ...errors } } }, () => service.listUsers());
  app.patch(
    '/api/admin/users/:id',
    { ...admin, schema: { tags, params: idParam, body: adminUserPatch, response: { 200: adminUser, ...errors } } },
    (req) => service.updateUser(req.params.id, req.body, actor(req.user)),
  );
  app.get('/api/admin/signups', { ...admin, schema: { tags, response: { 200: z.array(adminSignup), ...errors } } }, () => service.listSignups());
  app.post(
    '/api/admin/signups/:id/promote',
    { ...admin, schema: { tags, params: idParam, response: { 200: messageResponse, ...errors } } },
    (req) => service.promote(req.params.id, actor(req.user)),
  );
  app.get('/api/admin/messages', { ...admin, schema: { tags, response: { 200: z.array(adminContactMessage), ...errors } } }, () =>
    service.listMessages(),
  );
  app.patch(
    '/api/admin/messages/:id',
    { ...admin, schema: { tags, params: idParam, body: handledPatch, response: { 200: messageResponse, ...errors } } },
    (req) => service.setMessageHandled(req.params.id, req.body.handled),
  );
  app.get('/api/admin/error-reports', { ...admin, schema: { tags, response: { 200: z.array(adminErrorReport), ...errors } } }, () =>
    service.listErrorReports(),
  );
  app.patch(
    '/api/admin/error-reports/:id',
    { ...admin, schema: { tags, params: idParam, body: handledPatch, response: { 200: messageResponse, ...errors } } },
    (req) => service.setReportHandled(req.params.id, req.body.handled),
  );
};
