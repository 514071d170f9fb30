import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { SharedLimiter } from '../limits/limits.service.ts';
import { addressKey } from '../limits/limits.service.ts';
import { tooManyRequests } from '../../plugins/rate-limits.ts';
import type { SignupService } from './signup.service.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

/** One beta place per address per hour (with rate limits on): a script cannot take the places one by one. */
const BETA_PLACE_PER_ADDRESS = { limit: 1, windowMs: 60 * 60_000 };

export const signupRoutes: FastifyPluginAsyncZod<{ signup: SignupService; limiter: SharedLimiter; rateLimited: boolean }> = async (
  app,
  { signup, limiter, rateLimited: limited },
) => {
  app.route({
    ...endpointRoute('GET /api/signup/status'),
    handler: () =>
    signup.status(),
  });

  app.route({
    ...endpointRoute('POST /api/signup/beta'),
    onRequest: app.abuseLimit,
    handler: async (req, reply) => {
      // The address's place is taken first, in every process at once, and given back if no place was had.
      const key = `beta-place:address:${addressKey(req.ip)}`;
      if (limited) {
        const decision = await limiter.take(key, BETA_PLACE_PER_ADDRESS);
        if (!decision.allowed) {
          throw tooManyRequests(reply, decision.retryAfterMs, 'Ya se tomó un cupo Beta desde esta conexión en la última hora. Inténtalo más tarde.');
        }
      }
      try {
        return reply.code(201).send(await signup.joinBeta(req.body));
      } catch (error) {
        if (limited) await limiter.reset(key);
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute('POST /api/signup/waitlist'),
    onRequest: app.abuseLimit,
    handler: async (req, reply) => reply.code(201).send(await signup.joinWaitlist(req.body)),
  });
};
