import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { ContactService } from './contact.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ messages: ContactService }> = async (app, { messages }) => {

  app.route({
    ...endpointRoute('POST /api/contact'),
    onRequest: app.abuseLimit,
    handler: async (req, reply) => {
      await messages.saveContact(req.body);
      return reply.code(201).send({ message: 'Mensaje enviado' });
    },
  });

  app.route({
    ...endpointRoute('POST /api/error-reports'),
    onRequest: [app.requireUser, app.abuseLimit],
    handler: async (req, reply) => {
      await messages.saveErrorReport(req.body, req.user?.id ?? null);
      return reply.code(201).send({ message: 'Reporte enviado' });
    },
  });
};
