import { apiPaths } from '@etiqueta/contracts';
import type { Additive, AdditiveWriteResponse } from '@etiqueta/contracts';
import type { QueryClient } from '@tanstack/react-query';

import { isProductDataQuery } from '../../shared/product-cache';

export type AdditiveChange = 'created' | 'updated' | 'deleted';

/** The table as the server now has it, from the write's own answer (no need to wait for a new read). */
const applyToTable = (table: Additive[] | undefined, change: AdditiveChange, additive: Additive) => {
  if (!table) return table;
  if (change === 'created') return [...table, additive];
  if (change === 'deleted') return table.filter((row) => row.id !== additive.id);
  return table.map((row) => (row.id === additive.id ? additive : row));
};

/**
 * An additive change re-scores the catalogue on the server in the background. The table shows the
 * change at once (while re-scoring, a PGlite server answers other reads late) and is read again; the
 * re-scoring status starts from the server's answer, so polling begins at once; and every cached
 * product read is dropped so no screen shows a score from before the change.
 */
export const afterAdditiveChange = (
  queryClient: QueryClient,
  change: AdditiveChange,
  result: AdditiveWriteResponse,
) => {
  queryClient.setQueryData<Additive[]>([apiPaths.additives.list], (table) =>
    applyToTable(table, change, result.additive),
  );
  queryClient.setQueryData([apiPaths.additives.rescoreStatus], result.rescore);
  if (result.rescore.running) {
    // The answer may already be stale by the time we poll; ask the server, don't trust the snapshot.
    void queryClient.invalidateQueries({ queryKey: [apiPaths.additives.rescoreStatus] });
  }
  void queryClient.invalidateQueries({ queryKey: [apiPaths.additives.list] });
  void queryClient.invalidateQueries({ predicate: (query) => isProductDataQuery(query.queryKey) });
};
