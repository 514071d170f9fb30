import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { errorResponse, signupRequest, signupResponse, signupStatus } from '@etiqueta/contracts';
import { createSignupService } from './signup.service.ts';

const tags = ['registro'];

export const signupRoutes: FastifyPluginAsyncZod = async (app) => {
  const signup = createSignupService(app.deps.database.db, { betaSpots: app.deps.env.BETA_SPOTS });
  const write = {
    body: signupRequest,
    response: { 201: signupResponse, 400: errorResponse, 409: errorResponse, 429: errorResponse },
  };

  app.get('/api/signup/status', { schema: { tags, summary: 'Cupos del programa Beta', response: { 200: signupStatus } } }, () =>
    signup.status(),
  );

  app.post(
    '/api/signup/beta',
    { config: app.abuseRateLimit, schema: { tags, summary: 'Tomar un cupo Beta', ...write } },
    async (req, reply) => reply.code(201).send(await signup.joinBeta(req.body)),
  );

  app.post(
    '/api/signup/waitlist',
    { config: app.abuseRateLimit, schema: { tags, summary: 'Unirse a la lista de espera', ...write } },
    async (req, reply) => reply.code(201).send(await signup.joinWaitlist(req.body)),
  );
};
