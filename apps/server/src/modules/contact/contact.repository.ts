import type { ContactRequest, ErrorReportRequest } from '@etiqueta/contracts';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, errorReports, products } from '../../db/schema.ts';

export function createContactRepository(db: Db) {
  return {
    /** Messages received before `cutoff` (the retention job: RETENTION.contactMessageDays). */
    async purgeMessagesBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(contactMessages).where(lt(contactMessages.createdAt, cutoff)).returning({ id: contactMessages.id });
      return rows.length;
    },
    /** Reports sent before `cutoff` (the retention job: RETENTION.errorReportDays). */
    async purgeReportsBefore(cutoff: Date): Promise<number> {
      const rows = await db.delete(errorReports).where(lt(errorReports.createdAt, cutoff)).returning({ id: errorReports.id });
      return rows.length;
    },
    async saveContact(input: ContactRequest): Promise<void> {
      await db.insert(contactMessages).values(input);
    },
    async saveErrorReport(input: ErrorReportRequest, userId: number | null): Promise<void> {
      // A report about a product that no longer exists is still worth reading; keep it without the link.
      let productId = input.productId ?? null;
      if (productId !== null) {
        const found = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1);
        if (found.length === 0) productId = null;
      }
      await db.insert(errorReports).values({
        errorType: input.errorType,
        description: input.description,
        productId,
        productName: input.productName,
        userId,
      });
    },
  };
}
