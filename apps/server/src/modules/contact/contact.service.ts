import type { ContactRequest, ErrorReportRequest } from '@etiqueta/contracts';
import type { createContactRepository } from './contact.repository.ts';

export type ContactService = ReturnType<typeof createContactService>;

export function createContactService(repo: ReturnType<typeof createContactRepository>) {
  return {
    saveContact: (input: ContactRequest) => repo.saveContact(input),
    saveErrorReport: (input: ErrorReportRequest, userId: number | null) => repo.saveErrorReport(input, userId),
  };
}
