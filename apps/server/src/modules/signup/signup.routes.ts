import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import type { SignupService } from './signup.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** One beta place per address per hour (with rate limits on): a script cannot take the places one by one. */
const BETA_PLACE_PER_ADDRESS_MS = 60 * 60_000;

export const signupRoutes: FastifyPluginAsyncZod<{ signup: SignupService; rateLimited: boolean }> = async (
  app,
  { signup, rateLimited: limited },
) => {
  /** When each address last took a beta place (per process, like the other rate limits). */
  const lastPlace = new Map<string, number>();
  const forget = (now: number) => {
    for (const [ip, at] of lastPlace) if (now - at >= BETA_PLACE_PER_ADDRESS_MS) lastPlace.delete(ip);
  };

  app.route({
    ...endpointRoute('GET /api/signup/status'),
    handler: () =>
    signup.status(),
  });

  app.route({
    ...endpointRoute('POST /api/signup/beta'),
    config: app.abuseRateLimit,
    handler: async (req, reply) => {
      const now = Date.now();
      if (limited && now - (lastPlace.get(req.ip) ?? -Infinity) < BETA_PLACE_PER_ADDRESS_MS) {
        throw new AppError(429, 'RATE_LIMITED', 'Ya se tomó un cupo Beta desde esta conexión en la última hora. Inténtalo más tarde.');
      }
      const result = await signup.joinBeta(req.body);
      if (limited && result.kind === 'beta') {
        if (lastPlace.size > 10_000) forget(now);
        lastPlace.set(req.ip, now);
      }
      return reply.code(201).send(result);
    },
  });

  app.route({
    ...endpointRoute('POST /api/signup/waitlist'),
    config: app.abuseRateLimit,
    handler: async (req, reply) => reply.code(201).send(await signup.joinWaitlist(req.body)),
  });
};
