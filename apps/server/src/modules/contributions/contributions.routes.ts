import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  CONTRIBUTION_PHOTO_MAX_BYTES,
  contributionForm,
  contributionPhotoField,
  contributionPhotoKinds,
  hasRole,
  type AuthUser,
  type ContributionPhotoKind,
} from '@etiqueta/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ContributionsService } from './contributions.service.ts';
import { photoTooLarge } from './photo-store.ts';
import { requireSession } from '../../plugins/auth.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';

const fieldToKind = new Map(contributionPhotoKinds.map((kind) => [contributionPhotoField[kind], kind]));
const TEXT_FIELD_MAX_BYTES = 20_000;

/** Who looks at a contribution or its photo: its sender sees their own, an admin every one. */
const viewer = (user: AuthUser) => ({ id: user.id, isAdmin: hasRole(user.role, 'admin') });

/**
 * "Agregar este producto" / "Completar este producto": shoppers send (multipart, photos checked by content and
 * re-encoded) and see their provisional product; admins review. Photos are served by the API, to their sender and
 * the admins only until their contribution is approved.
 */
export const contributionRoutes: FastifyPluginAsyncZod<{ service: ContributionsService }> = async (app, { service }) => {
  // Only this plugin's routes take multipart bodies; every other route still refuses them.
  await app.register(multipart, {
    limits: {
      fileSize: CONTRIBUTION_PHOTO_MAX_BYTES,
      files: contributionPhotoKinds.length,
      fields: 20,
      fieldSize: TEXT_FIELD_MAX_BYTES,
      parts: 24,
      headerPairs: 100,
    },
  });
  const admin = { onRequest: app.requireRole('admin') };

  app.route({
    ...endpointRoute('POST /api/contributions'),
    onRequest: [app.requireUser, app.abuseLimit],
    handler: async (req, reply) => {
      const userId = requireSession(req).id;
      if (!req.isMultipart()) {
        throw new AppError(415, 'MULTIPART_REQUIRED', 'Envía el formulario con sus fotos (multipart/form-data).');
      }
      await service.assertWithinLimits(userId, req.ip);

      const fields: Record<string, string> = {};
      const photos: Partial<Record<ContributionPhotoKind, Buffer>> = {};
      try {
        try {
          for await (const part of req.parts()) {
            if (part.type === 'file') {
              const kind = fieldToKind.get(part.fieldname);
              if (!kind || photos[kind]) {
                part.file.resume();
                throw badRequest('Envía una foto por cada campo: photoFront, photoIngredients y photoNutrition.');
              }
              photos[kind] = await part.toBuffer();
            } else if (typeof part.value === 'string') {
              if (part.fieldnameTruncated || part.valueTruncated) throw badRequest('Un campo del formulario es demasiado largo.');
              fields[part.fieldname] = part.value;
            }
          }
        } catch (error) {
          throw multipartError(error);
        }
        const form = contributionForm.safeParse(fields);
        if (!form.success) {
          const details = form.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
          throw badRequest(details[0]?.message ?? 'Revisa los datos del formulario', details);
        }
        const created = await service.submit({ userId, ip: req.ip, form: form.data, photos });
        return await reply.code(201).send({
          ...created,
          message:
            created.status === 'approved'
              ? '¡Gracias! Ya está publicado: todos ven el producto con lo que enviaste.'
              : '¡Gracias! Revisaremos las fotos y pronto el producto estará en Etiqueta Clara.',
        });
      } catch (error) {
        // What was sent and refused counts toward the daily limits too (the upload and the decoding were spent).
        await service.countRefusal(userId, req.ip, fields.barcode, error);
        throw error;
      }
    },
  });

  app.route({
    ...endpointRoute('GET /api/contributions/:id'),
    onRequest: app.requireUser,
    // Another's contribution answers 404, as one that does not exist: ids tell nothing.
    handler: (req) => service.view(req.params.id, viewer(requireSession(req))),
  });

  app.route({
    ...endpointRoute('GET /api/contributions/photos/:file'),
    onRequest: app.requireUser,
    handler: async (req, reply) => {
      const photo = await service.photo(req.params.file, viewer(requireSession(req)));
      return reply
        .type('image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        // Names never change content; an unapproved photo is for the admin's eyes, not for any cache.
        .header('cache-control', photo.approved ? 'private, max-age=31536000, immutable' : 'private, no-store')
        .send(photo.data);
    },
  });

  app.route({
    ...endpointRoute('GET /api/admin/contributions'),
    ...admin,
    handler: (req) => service.list(req.query.status),
  });

  app.route({
    ...endpointRoute('GET /api/admin/off-write'),
    ...admin,
    handler: () => service.offWriteStatus(),
  });

  app.route({
    ...endpointRoute('POST /api/admin/contributions/:id/approve'),
    ...admin,
    handler: async (req) => ({
      ...(await service.approve(req.params.id, req.body ?? {}, requireSession(req).id)),
      message: 'Contribución aprobada: el producto ya está en el catálogo',
    }),
  });

  app.route({
    ...endpointRoute('POST /api/admin/contributions/:id/seen'),
    ...admin,
    handler: async (req) => {
      await service.markSeen(req.params.id, requireSession(req).id);
      return { message: 'Marcada como vista' };
    },
  });

  app.route({
    ...endpointRoute('POST /api/admin/contributions/:id/revert'),
    ...admin,
    handler: async (req) => {
      const { productId, offAlreadySent } = await service.revert(req.params.id, requireSession(req).id);
      return {
        productId,
        message: offAlreadySent
          ? 'Revertida: el producto volvió a como estaba. Open Food Facts ya la había recibido y queda en su historial.'
          : 'Revertida: el producto volvió a como estaba.',
      };
    },
  });

  app.route({
    ...endpointRoute('POST /api/admin/contributions/:id/off-retry'),
    ...admin,
    handler: async (req) => {
      await service.retryOffSending(req.params.id, requireSession(req).id);
      return { message: 'Envío a Open Food Facts en cola de nuevo' };
    },
  });

  app.route({
    ...endpointRoute('POST /api/admin/contributions/:id/reject'),
    ...admin,
    handler: async (req) => {
      await service.reject(req.params.id, req.body.reason, requireSession(req).id);
      return { message: 'Contribución rechazada' };
    },
  });
};

/** @fastify/multipart's limits and parse errors, in the API's Spanish shape (the label reader's route too). */
export function multipartError(
  error: unknown,
  tooManyParts = 'El formulario trae demasiadas partes: envía hasta 3 fotos y los datos del producto.',
): unknown {
  if (error instanceof AppError) return error;
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
  if (code === 'FST_REQ_FILE_TOO_LARGE') return photoTooLarge();
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, 'FORM_TOO_LARGE', tooManyParts);
  }
  if (code.startsWith('FST_')) return badRequest('No pudimos leer el formulario. Inténtalo de nuevo.');
  return error;
}
