import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { AdminService } from './admin.service.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** Running the beta (beyond the spec): members, waitlist, messages, reports. Admin only, on the server. */
export const adminRoutes: FastifyPluginAsyncZod<{ service: AdminService }> = async (app, { service }) => {
  const admin = { onRequest: app.requireRole('admin') };

  app.route({ ...endpointRoute('GET /api/admin/users'), ...admin, handler: () => service.listUsers() });
  app.route({
    ...endpointRoute('PATCH /api/admin/users/:id'),
    ...admin,
    handler: (req) => service.updateUser(req.params.id, req.body, requireSession(req).id),
  });
  app.route({ ...endpointRoute('GET /api/admin/signups'), ...admin, handler: () => service.listSignups() });
  app.route({
    ...endpointRoute('POST /api/admin/signups/:id/promote'),
    ...admin,
    handler: (req) => service.promote(req.params.id, requireSession(req).id),
  });
  app.route({
    ...endpointRoute('GET /api/admin/messages'),
    ...admin,
    handler: () => service.listMessages(),
  });
  app.route({
    ...endpointRoute('PATCH /api/admin/messages/:id'),
    ...admin,
    handler: (req) => service.setMessageHandled(req.params.id, req.body.handled),
  });
  app.route({
    ...endpointRoute('GET /api/admin/error-reports'),
    ...admin,
    handler: () => service.listErrorReports(),
  });
  app.route({
    ...endpointRoute('PATCH /api/admin/error-reports/:id'),
    ...admin,
    handler: (req) => service.setReportHandled(req.params.id, req.body.handled),
  });
};
