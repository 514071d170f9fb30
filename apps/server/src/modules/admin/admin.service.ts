import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { createAdminRepository } from './admin.repository.ts';

/** What an admin needs to run the beta: members, the waitlist, messages and reports. */
export type AdminService = ReturnType<typeof createAdminService>;

/** Shortest password a staff account (admin, influencer) may have. */
export const MIN_STAFF_PASSWORD = 10;

export function createAdminService(repo: ReturnType<typeof createAdminRepository>) {
  return {
    listUsers: () => repo.listUsers(),
    async updateUser(id: number, patch: { role?: string; accessStatus?: string }, actorUserId: number) {
      if (id === actorUserId && ((patch.role && patch.role !== 'admin') || patch.accessStatus === 'revoked')) {
        throw new AppError(400, 'SELF_LOCKOUT', 'No puedes quitarte tu propio acceso de administrador');
      }
      const user = await repo.updateUser(id, patch, actorUserId);
      if (!user) throw notFound('Usuario no encontrado');
      return user;
    },
    /**
     * The operator creates (or resets) an admin or influencer with a password: `npm run admin -- create`, on
     * the database directly or through the running server's control socket. `via` says which, for the audit.
     */
    async setStaffAccount(account: { email: string; role: 'admin' | 'influencer'; password: string }, via: 'cli' | 'control-socket') {
      if (account.password.length < MIN_STAFF_PASSWORD) {
        throw new AppError(400, 'WEAK_PASSWORD', `La contraseña debe tener al menos ${MIN_STAFF_PASSWORD} caracteres.`);
      }
      const passwordHash = await hashPassword(account.password);
      return repo.setStaffAccount({ email: account.email, role: account.role, passwordHash }, via);
    },
    listSignups: () => repo.listSignups(),
    async promote(signupId: number, actorUserId: number) {
      const outcome = await repo.promote(signupId, actorUserId);
      if (outcome === 'not-found') throw notFound('Registro no encontrado');
      if (outcome === 'already-beta') throw conflict('ALREADY_BETA', 'Esta persona ya está en el programa Beta');
      return { message: 'Persona agregada al programa Beta' };
    },
    listMessages: () => repo.listMessages(),
    async setMessageHandled(id: number, handled: boolean) {
      if (!(await repo.setMessageHandled(id, handled))) throw notFound('Mensaje no encontrado');
      return { message: handled ? 'Mensaje marcado como atendido' : 'Mensaje marcado como pendiente' };
    },
    listErrorReports: () => repo.listErrorReports(),
    async setReportHandled(id: number, handled: boolean) {
      if (!(await repo.setReportHandled(id, handled))) throw notFound('Reporte no encontrado');
      return { message: handled ? 'Reporte marcado como atendido' : 'Reporte marcado como pendiente' };
    },
  };
}
