import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema.ts';

export type AuditEntry = typeof auditLog.$inferInsert;

/** Records an admin action in the caller's transaction, so the entry exists exactly when the change does. */
export async function recordAudit(tx: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(entry);
}
