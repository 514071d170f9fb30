import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text that is already serialised (built by the database), as it is. The route's response schema
 * still documents it (OpenAPI); the reply is widened to the untyped one because the body is text, not the object.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
