import crypto from 'node:crypto';
import { EMAIL_NOT_REGISTERED, type AuthUser, type LoginRequest, type LoginResponse, type Role } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createLoginCodeRepository, LOGIN_CODE_MAX_ATTEMPTS } from './login-code.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSessionRepository } from './session.repository.ts';
import { createUserRepository, type UserRow } from './user.repository.ts';

const PRIVILEGED: readonly string[] = ['admin', 'influencer'];
/** A sign-in code is good for this long. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;

const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as Role,
});

/** Six random digits, leading zeros kept. */
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

const codeMail = (to: string, code: string) => ({
  to,
  subject: 'Tu código para ingresar a Etiqueta Clara',
  text: [
    `Tu código para ingresar a Etiqueta Clara es: ${code}`,
    '',
    'Vence en 10 minutos y sirve una sola vez.',
    'Si no pediste este código, ignora este correo: nadie puede entrar a tu cuenta sin él.',
  ].join('\n'),
});

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(db: Db, options: { sessionTtlDays: number; mailer: Mailer }) {
  const users = createUserRepository(db);
  const sessions = createSessionRepository(db);
  const codes = createLoginCodeRepository(db);

  /** Step 1: a one-time code by email, hashed at rest; a new one replaces the last. */
  async function sendCode(user: UserRow, privileged: boolean): Promise<LoginResponse> {
    const code = newCode();
    await codes.replace(user.id, await hashPassword(code), new Date(Date.now() + LOGIN_CODE_TTL_MS));
    await codes.purgeDead();
    try {
      await options.mailer.send(codeMail(user.email, code));
    } catch {
      throw new AppError(
        503,
        'MAIL_UNAVAILABLE',
        'No pudimos enviar el código. Intenta de nuevo en un momento.',
      );
    }
    return {
      authenticated: false,
      codeRequired: true,
      passwordRequired: privileged,
      user: null,
      message: `Te enviamos un código a ${user.email}`,
    };
  }

  return {
    /**
     * Beta members prove their email with a one-time code sent to it (step 1: `{email}`; step 2:
     * `{email, code}`). Admin and influencer accounts also give their password with the code, so neither an
     * email nor a mailbox alone opens the admin panel.
     */
    async login(
      input: LoginRequest,
    ): Promise<{ response: LoginResponse; session?: { token: string; expiresAt: Date } }> {
      const user = await users.findByEmail(input.email);
      if (!user || user.accessStatus !== 'beta') {
        throw new AppError(401, EMAIL_NOT_REGISTERED, 'Email no registrado en programa Beta');
      }
      const privileged = PRIVILEGED.includes(user.role) || user.passwordHash !== null;
      if (input.code === undefined) return { response: await sendCode(user, privileged) };

      const live = await codes.takeTry(user.id);
      if (!live) {
        throw new AppError(401, 'CODE_EXPIRED', 'El código venció o ya no sirve. Pide un código nuevo.');
      }
      if (!(await verifyPassword(live.codeHash, input.code))) {
        const left = LOGIN_CODE_MAX_ATTEMPTS - live.attempts;
        throw new AppError(
          401,
          'INVALID_CODE',
          left > 0
            ? `Código incorrecto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`
            : 'Código incorrecto. Pide un código nuevo.',
        );
      }
      if (privileged) {
        if (!input.password) {
          return {
            response: {
              authenticated: false,
              codeRequired: true,
              passwordRequired: true,
              user: null,
              message: 'Ingresa tu contraseña',
            },
          };
        }
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
          throw new AppError(401, 'INVALID_PASSWORD', 'Contraseña incorrecta');
        }
      }
      if (!(await codes.consume(live.id))) {
        throw new AppError(401, 'CODE_EXPIRED', 'El código venció o ya no sirve. Pide un código nuevo.');
      }
      const session = await sessions.create(user.id, options.sessionTtlDays);
      return {
        response: {
          authenticated: true,
          codeRequired: false,
          passwordRequired: false,
          user: toAuthUser(user),
          message: 'Sesión iniciada',
        },
        session,
      };
    },

    logout: (token: string) => sessions.deleteByToken(token),
  };
}
