import type { FastifyReply } from 'fastify';

/**
 * Sends JSON that is already serialised (built by the database, or its UTF-8 bytes), as it is. The route's response schema
 * still documents it (OpenAPI); the reply is widened to the untyped one because the body is text, not the object.
 */
export function sendJsonText(reply: FastifyReply, json: string | Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
