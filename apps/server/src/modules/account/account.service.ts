import {
  ACCOUNT_EXPORT_FORMAT,
  PERSONAL_DATA_KINDS,
  type AccountData,
  type AccountExport,
  type AccountNamePatch,
} from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { purgeOutbox } from '../mail/outbox.ts';
import { createAccountRepository, type ErasureReceipt, type Requester } from './account.repository.ts';
import type { Subject } from './personal-data.ts';

const NOTHING_HELD = () => notFound('No tenemos datos asociados a ese email');

/**
 * A person's rights over their data (Ley 21.719 arts. 5–9): see it, correct their name, take it away, erase it.
 * The person does it from Mi cuenta; an admin does it for someone who cannot sign in, and that is audited.
 */
export function createAccountService(db: Db, options: { outboxDir: string }) {
  const repo = createAccountRepository(db);

  const exportOf = (data: AccountData): AccountExport => ({
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    about: PERSONAL_DATA_KINDS,
    ...data,
  });

  const subjectOf = async (by: { email: string } | { userId: number }): Promise<Subject> => {
    const subject = await repo.findSubject(by);
    if (!subject) throw NOTHING_HELD();
    return subject;
  };

  /** Rows first, then the mail files that name the person; both before anyone is told it is done. */
  const erase = async (subject: Subject, requester: Requester): Promise<ErasureReceipt> => {
    const receipt = await repo.erase(subject, requester);
    await purgeOutbox(options.outboxDir, { naming: subject.email });
    return receipt;
  };

  return {
    myData: async (userId: number) => repo.collect(await subjectOf({ userId })),

    async rename(userId: number, name: AccountNamePatch): Promise<AccountData> {
      if (!(await repo.rename(userId, name))) throw notFound('Cuenta no encontrada');
      return repo.collect(await subjectOf({ userId }));
    },

    myExport: async (userId: number) => exportOf(await repo.collect(await subjectOf({ userId }))),

    eraseMe: async (userId: number) => erase(await subjectOf({ userId }), { by: 'titular' }),

    async exportFor(email: string, adminUserId: number): Promise<AccountExport> {
      const subject = await subjectOf({ email });
      const data = await repo.collect(subject);
      if (isEmpty(data)) throw NOTHING_HELD();
      await repo.recordAdminExport(subject, adminUserId);
      return exportOf(data);
    },

    async eraseFor(email: string, adminUserId: number): Promise<{ message: string }> {
      const subject = await subjectOf({ email });
      if (subject.userId === adminUserId) {
        throw new AppError(400, 'SELF_ERASE', 'Para eliminar tu propia cuenta usa Mi cuenta');
      }
      if (isEmpty(await repo.collect(subject))) throw NOTHING_HELD();
      await erase(subject, { by: 'admin', adminUserId });
      return { message: 'Datos eliminados' };
    },
  };
}

const isEmpty = (data: AccountData) =>
  Object.values(data).every((v) => v === null || (Array.isArray(v) && v.length === 0));

export type AccountService = ReturnType<typeof createAccountService>;
