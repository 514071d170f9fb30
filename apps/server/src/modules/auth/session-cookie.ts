import type { FastifyReply } from 'fastify';

export const SESSION_COOKIE = 'ec_session';

/** httpOnly so scripts never see it; SameSite=Lax against cross-site writes; Secure behind HTTPS. */
export function setSessionCookie(reply: FastifyReply, token: string, expiresAt: Date, secure: boolean) {
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
