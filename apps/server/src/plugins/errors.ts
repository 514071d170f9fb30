import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from '@fastify/type-provider-zod';
import { AppError, databaseUnavailable, isDatabaseUnavailable, RetryLater } from '../lib/errors.ts';

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
  app.decorate('storage', createStorageState());
  // A write that worked means there is room again. (Callback style: this runs on every answer.)
  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode < 400 && !SAFE_METHODS.has(request.method)) app.storage.wrote();
    done();
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDiskFull(error)) {
      app.storage.full();
      request.log.error({ err: error }, 'the database has no room to write');
      return reply
        .code(503)
        .send({ code: 'STORAGE_FULL', message: 'El servidor no tiene espacio para guardar cambios. Inténtalo de nuevo más tarde.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'the database cannot be reached');
      const unavailable = databaseUnavailable();
      return reply.code(unavailable.statusCode).send({ code: unavailable.code, message: unavailable.message });
    }
    if (error instanceof AppError) {
      if (error instanceof RetryLater) reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfterMs / 1000))));
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

/**
 * Errors Fastify's router answers before any hook or handler (a bad URL encoding, a path parameter past its
 * length): the same Spanish shape, never the path echoed back. Passed as Fastify's `frameworkErrors` option.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.code(414).send({ code: 'URL_TOO_LONG', message: 'La dirección de la solicitud es demasiado larga' });
    return;
  }
  void reply.code(400).send({ code: 'BAD_URL', message: 'La dirección de la solicitud no es válida' });
}

const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE', 'Las cabeceras de la solicitud son demasiado grandes'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT', 'La solicitud tardó demasiado; inténtalo de nuevo'],
};

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a timeout, garbage): a
 * Spanish JSON answer in our shape, then the connection closes. Passed as Fastify's `clientErrorHandler`.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'BAD_REQUEST', 'Solicitud inválida'];
  const body = JSON.stringify({ code, message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Methods that read: everything else is a write (Origin check, storage state). */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether the last write failed for want of disk space, with no write working since (health reports it). */
function createStorageState() {
  let fullSince: number | null = null;
  return {
    full: () => void (fullSince ??= Date.now()),
    wrote: () => void (fullSince = null),
    isFull: () => fullSince !== null,
  };
}

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging needs an interface
  interface FastifyInstance {
    storage: ReturnType<typeof createStorageState>;
  }
}

/** PostgreSQL's disk_full (SQLSTATE 53100), or the file system's ENOSPC, anywhere in the error's causes. */
function isDiskFull(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC' || /No space left on device/i.test(e.message)) return true;
  }
  return false;
}

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
