import { HISTORY, type HistoryEntry, type HistoryPage, type HistoryRecordRequest } from '@etiqueta/contracts';
import { normalizeToWords } from '@etiqueta/domain';
import { notFound, unauthorized } from '../../lib/errors.ts';
import type { HistoryCursor, HistoryRepository, HistoryRow } from './history.repository.ts';

/** The calendar day of `at` in Chile (YYYY-MM-DD): "the same day" for the history, whatever the server's zone. */
const chileDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: HISTORY.timeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const historyDayOf = (at: Date): string => chileDay.format(at);

const cursorOf = (row: HistoryRow): string => `${row.viewedAt.getTime()}-${row.id}`;
const parseCursor = (text: string | undefined): HistoryCursor | null => {
  if (!text) return null;
  const [ms, id] = text.split('-').map(Number);
  return { at: new Date(ms!), id: id! };
};

const toEntry = (row: HistoryRow): HistoryEntry => ({
  id: row.id,
  via: row.via === 'scan' ? 'scan' : 'open',
  viewedAt: row.viewedAt.toISOString(),
  product: row.product,
});

/**
 * A member's history (issue 16): record a view, read it newest first (searchable, paged), delete one entry or
 * all of it, turn it off. Every call is scoped to the signed-in person: another person's entry does not exist.
 */
export function createHistoryService(repo: HistoryRepository) {
  const cap = HISTORY.maxEntries;

  return {
    async record(userId: number, view: HistoryRecordRequest, at = new Date()): Promise<{ recorded: boolean }> {
      const outcome = await repo.record({ userId, ...view, day: historyDayOf(at), at, cap });
      if (outcome === 'no-product') throw notFound('Producto no encontrado');
      if (outcome === 'no-user') throw unauthorized();
      return { recorded: outcome === 'recorded' };
    },

    async page(userId: number, query: { q: string; cursor?: string }): Promise<HistoryPage> {
      const terms = normalizeToWords(query.q).split(' ').filter(Boolean).slice(0, 8);
      const rows = await repo.page(userId, { terms, cursor: parseCursor(query.cursor), limit: HISTORY.pageSize + 1 });
      const items = rows.slice(0, HISTORY.pageSize);
      return {
        items: items.map(toEntry),
        nextCursor: rows.length > HISTORY.pageSize ? cursorOf(items.at(-1)!) : null,
        recording: await repo.isRecording(userId),
      };
    },

    async deleteOne(userId: number, entryId: number): Promise<{ message: string }> {
      // Someone else's entry and one that never existed answer alike: nothing tells that it exists.
      if ((await repo.deleteOne(userId, entryId)) === 0) throw notFound('Esa entrada no está en tu historial');
      return { message: 'Quitado del historial' };
    },

    async deleteAll(userId: number): Promise<{ message: string; deleted: number }> {
      const deleted = await repo.deleteAll(userId);
      return { message: 'Historial borrado', deleted };
    },

    async setRecording(userId: number, enabled: boolean): Promise<{ recording: boolean; deleted: number }> {
      const result = await repo.setRecording(userId, enabled);
      if (!result.found) throw unauthorized();
      return { recording: enabled, deleted: result.deleted };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
