import type { AuthUser, LoginRequest, LoginResponse, Role } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from './passwords.ts';
import { createSessionRepository } from './session.repository.ts';
import { createUserRepository, type UserRow } from './user.repository.ts';

const PRIVILEGED: readonly string[] = ['admin', 'influencer'];

const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as Role,
});

export function createAuthService(db: Db, options: { sessionTtlDays: number }) {
  const users = createUserRepository(db);
  const sessions = createSessionRepository(db);

  return {
    /**
     * Beta users sign in with their authorised email (spec). Admin and influencer accounts also need
     * their password: an email alone must never open the admin panel.
     */
    async login(input: LoginRequest): Promise<{ response: LoginResponse; session?: { token: string; expiresAt: Date } }> {
      const user = await users.findByEmail(input.email);
      if (!user || user.accessStatus !== 'beta') {
        throw new AppError(401, 'EMAIL_NOT_REGISTERED', 'Email no registrado en programa Beta');
      }
      if (PRIVILEGED.includes(user.role) || user.passwordHash) {
        if (!input.password) {
          return {
            response: { authenticated: false, passwordRequired: true, user: null, message: 'Ingresa tu contraseña' },
          };
        }
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
          throw new AppError(401, 'INVALID_PASSWORD', 'Contraseña incorrecta');
        }
      }
      const session = await sessions.create(user.id, options.sessionTtlDays);
      return {
        response: { authenticated: true, passwordRequired: false, user: toAuthUser(user), message: 'Sesión iniciada' },
        session,
      };
    },

    logout: (token: string) => sessions.deleteByToken(token),
  };
}
