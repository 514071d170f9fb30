import type { ContactRequest, ErrorReportRequest } from '@etiqueta/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages, errorReports, products } from '../../db/schema.ts';

export function createContactRepository(db: Db) {
  return {
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
