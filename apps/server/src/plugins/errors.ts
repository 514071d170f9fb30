import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from '@fastify/type-provider-zod';
import { AppError } from '../lib/errors.ts';

type ErrorBody = { code: string; message: string; details?: unknown };

const locations: Record<string, string> = {
  body: 'el cuerpo',
  querystring: 'la consulta',
  params: 'la dirección',
  headers: 'las cabeceras',
};

/**
 * One error shape for the whole API: `{ code, message, details? }` with a Spanish message.
 * Validation failures name the field; a 5xx never leaks internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorBody = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = locations[error.validationContext ?? ''] ?? 'la solicitud';
      const details = error.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replaceAll('/', '.') || (v.params as { issue?: { path?: unknown[] } })?.issue?.path?.join('.') || '',
        message: v.message ?? 'Valor inválido',
      }));
      const first = details[0];
      const message = first
        ? `Datos inválidos en ${where}: ${first.field ? `${first.field}: ` : ''}${first.message}`
        : `Datos inválidos en ${where}`;
      return reply.code(400).send({ code: 'VALIDATION_ERROR', message, details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Error interno del servidor' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return reply.code(500).send({ code: 'INTERNAL_ERROR', message: 'Error interno del servidor' });
    }
    // Framework 4xx (bad JSON, body too large, wrong content type, rate limit...): translate them.
    return reply.code(status).send({ code: frameworkCode(error), message: frameworkMessage(error, status) });
  });
});

function frameworkCode(error: FastifyError): string {
  return (error.code ?? 'BAD_REQUEST').replace(/^FST_ERR_/, '').replace(/^FST_/, '');
}

function frameworkMessage(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'El cuerpo de la solicitud no es JSON válido';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'El cuerpo de la solicitud es demasiado grande';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Tipo de contenido no soportado; envía JSON';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'Longitud de contenido inválida';
    case 'FST_ERR_BAD_URL':
      return 'La dirección de la solicitud no es válida';
    default:
      if (status === 429) return 'Demasiadas solicitudes. Espera un momento e inténtalo de nuevo.';
      if (status === 404) return 'Recurso no encontrado';
      if (status === 405) return 'Método no permitido';
      return 'Solicitud inválida';
  }
}
