import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { SignupService } from './signup.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

export const signupRoutes: FastifyPluginAsyncZod<{ signup: SignupService; rateLimited: boolean }> = async (
  app,
  { signup, rateLimited: limited },
) => {
  app.route({
    ...endpointRoute('GET /api/signup/status'),
    handler: () => signup.status(),
  });

  app.route({
    ...endpointRoute('POST /api/signup/beta'),
    onRequest: app.abuseLimit,
    // With rate limits on, one connection holds one unproven sign-up an hour; a proven one frees it (issue 33).
    handler: async (req, reply) => reply.code(201).send(await signup.joinBeta(req.body, limited ? req.ip : null)),
  });

  app.route({
    ...endpointRoute('POST /api/signup/waitlist'),
    onRequest: app.abuseLimit,
    handler: async (req, reply) => reply.code(201).send(await signup.joinWaitlist(req.body)),
  });
};
