import { z } from 'zod';
import { CHILE_TIME_ZONE } from './chile.ts';
import { databaseIdText } from './common.ts';
import { productSummary } from './products.ts';

/**
 * Historial (issue 16): the products a member opened or scanned, kept on the server so it follows them across
 * devices. The figures are here so the server that enforces them and the texts that promise them agree (how
 * long an entry is kept is `RETENTION.historyDays`, with the other kinds of personal data).
 */
export const HISTORY = {
  /** Entries kept per person; recording one more drops the oldest, in the same transaction. */
  maxEntries: 500,
  /** Entries per page of GET /api/history ("Ver más" asks for the next). */
  pageSize: 30,
  /** The calendar the history groups by and counts "the same day" in. */
  timeZone: CHILE_TIME_ZONE,
} as const;

/** How the product was reached: the scanner (camera or a code typed in the scan dialog), or any other way. */
export const historyViaSchema = z.enum(['scan', 'open'], { error: "La forma de llegar debe ser 'scan' u 'open'" });
export type HistoryVia = z.infer<typeof historyViaSchema>;

export const historyRecordRequest = z.strictObject({
  productId: z
    .number({ error: 'El producto debe ser un número' })
    .int({ error: 'El producto debe ser un número entero' })
    .min(1, { error: 'El producto debe ser un número positivo' })
    .max(2_147_483_647, { error: 'El producto no existe' }),
  via: historyViaSchema,
});
export type HistoryRecordRequest = z.infer<typeof historyRecordRequest>;

/** `recorded` is false when the person turned the history off (nothing was kept). */
export const historyRecordResponse = z.object({ recorded: z.boolean() });
export type HistoryRecordResponse = z.infer<typeof historyRecordResponse>;

/** Where the next page starts: the last entry's time (ms) and id, as `<ms>-<id>`; opaque to the web app. */
const cursorText = z
  .string()
  .regex(/^\d{1,15}-[1-9]\d{0,9}$/, { error: 'La página pedida no es válida; vuelve a abrir el historial' });

export const historyListQuery = z.strictObject({
  q: z.string().trim().max(100, { error: 'La búsqueda no puede tener más de 100 caracteres' }).default(''),
  cursor: cursorText.optional(),
});
export type HistoryListQuery = z.input<typeof historyListQuery>;

export const historyEntry = z.object({
  id: z.number().int(),
  via: historyViaSchema,
  /** When the product was last viewed that day (ISO 8601, UTC). */
  viewedAt: z.string(),
  /** What a card needs, so the page (and an offline copy of this one answer) renders without more calls. */
  product: productSummary.pick({
    id: true,
    name: true,
    brand: true,
    images: true,
    healthScore: true,
    allergens: true,
    diets: true,
  }),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

export const historyPage = z.object({
  items: z.array(historyEntry),
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: z.string().nullable(),
  /** Whether new views are being recorded (the person can turn it off: we then stop and delete what we had). */
  recording: z.boolean(),
});
export type HistoryPage = z.infer<typeof historyPage>;

export const historyEntryParam = z.object({ entryId: databaseIdText });

export const historyClearResponse = z.object({ message: z.string(), deleted: z.number().int() });

export const historyRecordingRequest = z.strictObject({
  enabled: z.boolean({ error: "Indica 'enabled': true para guardar el historial o false para dejar de guardarlo" }),
});
export const historyRecordingResponse = z.object({ recording: z.boolean(), deleted: z.number().int() });
export type HistoryRecordingResponse = z.infer<typeof historyRecordingResponse>;
