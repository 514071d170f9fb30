import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  adminContribution,
  CONTRIBUTION_PHOTO_MAX_BYTES,
  contributionApproval,
  contributionApproved,
  contributionCreated,
  contributionForm,
  contributionListQuery,
  contributionPhotoField,
  contributionPhotoKinds,
  contributionPhotoParam,
  contributionRejection,
  errorResponse,
  hasRole,
  idParam,
  messageResponse,
  type ContributionPhotoKind,
} from '@etiqueta/contracts';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ContributionsService } from './contributions.service.ts';
import { photoTooLarge } from './photo-store.ts';

const tags = ['contribuciones'];
const errors = { 400: errorResponse, 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse };

const fieldToKind = new Map(contributionPhotoKinds.map((kind) => [contributionPhotoField[kind], kind]));
const TEXT_FIELD_MAX_BYTES = 20_000;

/**
 * "Agregar este producto": shoppers send (multipart, photos checked by content and re-encoded), admins review.
 * Photos are served by the API, to admins only until their contribution is approved.
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
  const actor = (u: { id: number } | null) => u?.id ?? 0;

  app.post(
    '/api/contributions',
    {
      onRequest: app.requireUser,
      config: app.abuseRateLimit,
      schema: {
        tags,
        summary: 'Enviar un producto que falta: fotos (frente, ingredientes, tabla nutricional) y, si quieres, sus datos',
        consumes: ['multipart/form-data'],
        response: { 201: contributionCreated, ...errors, 413: errorResponse, 415: errorResponse, 429: errorResponse },
      },
    },
    async (req, reply) => {
      const userId = req.user!.id;
      if (!req.isMultipart()) {
        throw new AppError(415, 'MULTIPART_REQUIRED', 'Envía el formulario con sus fotos (multipart/form-data).');
      }
      await service.assertWithinLimits(userId, req.ip);

      const fields: Record<string, string> = {};
      const photos: Partial<Record<ContributionPhotoKind, Buffer>> = {};
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
      return reply.code(201).send({
        ...created,
        message: '¡Gracias! Revisaremos las fotos y pronto el producto estará en Etiqueta Clara.',
      });
    },
  );

  app.get(
    '/api/contributions/photos/:file',
    {
      onRequest: app.requireUser,
      schema: { tags, summary: 'Una foto de una contribución (solo administradores antes de aprobarla)', params: contributionPhotoParam },
    },
    async (req, reply) => {
      const photo = await service.photo(req.params.file, hasRole(req.user!.role, 'admin'));
      return reply
        .type('image/jpeg')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        // Names never change content; an unapproved photo is for the admin's eyes, not for any cache.
        .header('cache-control', photo.approved ? 'private, max-age=31536000, immutable' : 'private, no-store')
        .send(photo.data);
    },
  );

  app.get(
    '/api/admin/contributions',
    { ...admin, schema: { tags, summary: 'Contribuciones por estado', querystring: contributionListQuery, response: { 200: z.array(adminContribution), ...errors } } },
    (req) => service.list(req.query.status),
  );

  app.post(
    '/api/admin/contributions/:id/approve',
    { ...admin, schema: { tags, summary: 'Aprobar: el producto entra al catálogo', params: idParam, body: contributionApproval, response: { 200: contributionApproved, ...errors } } },
    async (req) => ({
      ...(await service.approve(req.params.id, req.body ?? {}, actor(req.user))),
      message: 'Contribución aprobada: el producto ya está en el catálogo',
    }),
  );

  app.post(
    '/api/admin/contributions/:id/reject',
    { ...admin, schema: { tags, summary: 'Rechazar con un motivo', params: idParam, body: contributionRejection, response: { 200: messageResponse, ...errors } } },
    async (req) => {
      await service.reject(req.params.id, req.body.reason, actor(req.user));
      return { message: 'Contribución rechazada' };
    },
  );
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
