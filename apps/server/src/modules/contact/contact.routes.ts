import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { contactRequest, errorReportRequest, errorResponse, messageResponse } from '@etiqueta/contracts';
import type { ContactService } from './contact.service.ts';

const responses = { 201: messageResponse, 400: errorResponse, 401: errorResponse, 429: errorResponse };

export const contactRoutes: FastifyPluginAsyncZod<{ messages: ContactService }> = async (app, { messages }) => {

  app.post(
    '/api/contact',
    { config: app.abuseRateLimit, schema: { tags: ['contacto'], summary: 'Enviar un mensaje', body: contactRequest, response: responses } },
    async (req, reply) => {
      await messages.saveContact(req.body);
      return reply.code(201).send({ message: 'Mensaje enviado' });
    },
  );

  app.post(
    '/api/error-reports',
    {
      onRequest: app.requireUser,
      config: app.abuseRateLimit,
      schema: { tags: ['contacto'], summary: 'Reportar un error en un producto', body: errorReportRequest, response: responses },
    },
    async (req, reply) => {
      await messages.saveErrorReport(req.body, req.user?.id ?? null);
      return reply.code(201).send({ message: 'Reporte enviado' });
    },
  );
};
