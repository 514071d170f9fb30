import {
  ACCOUNT_EXPORT_FORMAT,
  PERSONAL_DATA_KINDS,
  type AccountData,
  type AccountExport,
  type AccountNamePatch,
} from '@etiqueta/contracts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { PhotoStore } from '../contributions/photo-store.ts';
import { purgeOutbox } from '../mail/outbox.ts';
import {
  subjectDigest,
  type createAccountRepository,
  type ErasureJob,
  type ErasureReceipt,
  type Requester,
} from './account.repository.ts';
import type { Subject } from './personal-table.ts';

const NOTHING_HELD = () => notFound('No tenemos datos asociados a ese email');

/**
 * A person's rights over their data (Ley 21.719 arts. 5–9): see it, correct their name, take it away, erase it.
 * The person does it from Mi cuenta; an admin does it for someone who cannot sign in, and that is audited.
 */
export function createAccountService(
  repo: ReturnType<typeof createAccountRepository>,
  options: { outboxDir: string; photos: Pick<PhotoStore, 'read' | 'remove'> },
) {

  /** The data with the photos the person sent inside it (a file they can keep without a session). */
  const exportOf = async (data: AccountData): Promise<AccountExport> => ({
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    about: PERSONAL_DATA_KINDS,
    ...data,
    contributions: await Promise.all(
      data.contributions.map(async (c) => ({
        ...c,
        // A photo whose file is gone (an admin's clean-up) is left out rather than failing the whole download.
        photos: (
          await Promise.all(
            c.photos.map(async (p) => {
              const data = await options.photos.read(fileOf(p.url)).catch(() => null);
              return data ? { ...p, jpegBase64: data.toString('base64') } : null;
            }),
          )
        ).filter((p) => p !== null),
      })),
    ),
  });

  /** The files an erasure left to remove: the outbox mail naming the person, the photos of what was deleted. */
  const finish = async (job: ErasureJob) => {
    await purgeOutbox(options.outboxDir, { naming: (address) => subjectDigest(address) === job.subjectDigest });
    await options.photos.remove(job.photoFiles);
    await repo.erasureDone(job.id);
  };

  /** Finishes the erasures a crash interrupted (all, or one person's); how many. */
  const finishErasures = async (digest?: string): Promise<number> => {
    const jobs = await repo.pendingErasures(digest);
    for (const job of jobs) await finish(job);
    return jobs.length;
  };

  const subjectOf = async (by: { email: string } | { userId: number }): Promise<Subject> => {
    const subject = await repo.findSubject(by);
    if (!subject) throw NOTHING_HELD();
    return subject;
  };

  /**
   * Rows first (with the job that names what files are left), then the files; both before anyone is told it is
   * done. A crash in between leaves the job, finished at the next start (`finishErasures`) or by an admin's retry.
   */
  const erase = async (subject: Subject, requester: Requester): Promise<ErasureReceipt> => {
    const receipt = await repo.erase(subject, requester);
    await finish(receipt.job);
    return receipt;
  };

  return {
    myData: async (userId: number) => repo.collect(await subjectOf({ userId })),

    async rename(userId: number, name: AccountNamePatch): Promise<AccountData> {
      if (!(await repo.rename(userId, name))) throw notFound('Cuenta no encontrada');
      return repo.collect(await subjectOf({ userId }));
    },

    myExport: async (userId: number) => exportOf(await repo.collect(await subjectOf({ userId }))),

    finishErasures,

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
      if (isEmpty(await repo.collect(subject))) {
        // Nothing left in the tables, but an erasure of this person a crash interrupted: finishing it is the answer.
        if ((await finishErasures(subjectDigest(email))) > 0) return { message: 'Datos eliminados' };
        throw NOTHING_HELD();
      }
      await erase(subject, { by: 'admin', adminUserId });
      return { message: 'Datos eliminados' };
    },
  };
}

/** A contributed photo's file name, from the address the person sees it at. */
const fileOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

const isEmpty = (data: AccountData) =>
  Object.values(data).every((v) => v === null || (Array.isArray(v) && v.length === 0));

export type AccountService = ReturnType<typeof createAccountService>;
