import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { CONTRIBUTION_PHOTO_MAX_BYTES, LABEL_PHOTO_FIELD, labelReadingForm } from '@etiqueta/contracts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { endpointRoute } from '../../plugins/endpoint-table.ts';
import { multipartError } from '../contributions/contributions.routes.ts';
import type { LabelReader } from './label-reader.service.ts';

/**
 * POST /api/contributions/read-label (multipart: `photo` and `part`): the label read for the shopper who is
 * completing a product. Signed-in only, the usual abuse limit per minute plus a daily limit per account (readings
 * cost CPU), both checked before the photo is read.
 */
export const labelReadingRoutes: FastifyPluginAsyncZod<{ reader: LabelReader; perUserPerDay: number }> = async (app, { reader, perUserPerDay }) => {
  await app.register(multipart, {
    limits: { fileSize: CONTRIBUTION_PHOTO_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 100 },
  });
  // Per account, not per address (after requireUser, so the user is known), for every process at once.
  const daily = app.limitRequests({
    name: 'read-label',
    per: 'account',
    on: 'always',
    limit: perUserPerDay,
    windowMs: 24 * 3_600_000,
    code: 'LABEL_READING_LIMIT',
    message: `Ya leímos ${perUserPerDay} fotos tuyas en las últimas 24 horas. Escribe los datos tú, o vuelve mañana.`,
  });

  app.route({
    ...endpointRoute('POST /api/contributions/read-label'),
    onRequest: [app.requireUser, app.abuseLimit, daily],
    handler: async (req) => {
      const receivedAt = performance.now();
      if (!req.isMultipart()) {
        throw new AppError(415, 'MULTIPART_REQUIRED', 'Envía la foto como formulario (multipart/form-data).');
      }
      const fields: Record<string, string> = {};
      let photo: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== LABEL_PHOTO_FIELD || photo) {
              part.file.resume();
              throw badRequest('Envía una sola foto, en el campo photo.');
            }
            photo = await part.toBuffer();
          } else if (typeof part.value === 'string') {
            if (part.valueTruncated) throw badRequest('Un campo del formulario es demasiado largo.');
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        throw multipartError(error, 'Envía una sola foto y la parte de la etiqueta que muestra.');
      }
      const form = labelReadingForm.safeParse(fields);
      if (!form.success) {
        const details = form.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
        throw badRequest(details[0]?.message ?? 'Revisa el formulario', details);
      }
      if (!photo) throw badRequest('Falta la foto de la etiqueta.', [{ field: LABEL_PHOTO_FIELD, message: 'Obligatoria' }]);
      return reader.read(photo, form.data.part, receivedAt);
    },
  });
};
