import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { notFound } from '../../lib/errors.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';
import { tooManyRequests } from '../../plugins/rate-limits.ts';
import { addressKey, type SharedLimiter } from '../limits/limits.service.ts';
import type { ShareService } from './share.service.ts';

/** Cards one network address may have drawn a minute (kept ones are free): a link preview fetches one. */
export const CARD_DRAWINGS_PER_MINUTE = 30;
const NO_PRODUCT = 'No existe ese producto';

/**
 * A shared product's link (issue 30 item 3, docs/sharing.md): public, like the meta of /product/{id} (plugins/web.ts),
 * so a chat's link preview and the signed-out visitor see what was shared. The product page itself stays for members.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ share: ShareService; limiter: SharedLimiter; limited: boolean }> = async (
  app,
  { share, limiter, limited },
) => {
  app.route({
    ...endpointRoute('GET /api/share/products/:id'),
    handler: async (req) => {
      const preview = await share.preview(req.params.id);
      if (!preview) throw notFound(NO_PRODUCT);
      return preview;
    },
  });

  app.route({
    ...endpointRoute('GET /api/share/products/:id/card.png'),
    handler: async (req, reply) => {
      const card = await share.card(req.params.id, async () => {
        if (!limited) return;
        const rule = { limit: CARD_DRAWINGS_PER_MINUTE, windowMs: 60_000 };
        const decision = await limiter.take(`share-card:address:${addressKey(req.ip)}`, rule);
        if (!decision.allowed) {
          throw tooManyRequests(reply, decision.retryAfterMs, 'Demasiadas imágenes pedidas. Espera un minuto e inténtalo de nuevo.');
        }
      });
      if (!card) throw notFound(NO_PRODUCT);
      const etag = `"${card.version}"`;
      // The address with the current version never changes content; without it (or with an old one), a day.
      void reply
        .header('etag', etag)
        .header('cache-control', req.query.v === card.version ? 'public, max-age=31536000, immutable' : 'public, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        // Meant to be shown by other sites (a chat's preview): the app's same-origin rule does not apply to it.
        .header('cross-origin-resource-policy', 'cross-origin');
      // A PNG, not the JSON the table's schemas type (only its errors have one): the reply widened, as sendJsonText does.
      const image: FastifyReply = reply;
      if (req.headers['if-none-match'] === etag) return image.code(304).send();
      return image.type('image/png').header('content-disposition', 'inline').send(card.png);
    },
  });
};
