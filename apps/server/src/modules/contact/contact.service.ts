import type { ContactRequest, ErrorReportRequest } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { createContactRepository } from './contact.repository.ts';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(db: Db) {
  const repo = createContactRepository(db);
  return {
    saveContact: (input: ContactRequest) => repo.saveContact(input),
    saveErrorReport: (input: ErrorReportRequest, userId: number | null) => repo.saveErrorReport(input, userId),
  };
}
