import type { AdditiveWriteResponse } from '@etiqueta/contracts';
import type { QueryClient } from '@tanstack/react-query';

import { isProductDataQuery } from './product-cache';
import { ADDITIVES_ADDRESS } from './get-additives';
import { RESCORE_STATUS_ADDRESS } from './get-rescore-status';

/**
 * An additive change re-scores the catalogue on the server in the background. The table is read
 * again, the re-scoring status starts from the server's answer (so polling begins at once), and
 * every cached product read is dropped so no screen shows a score from before the change.
 */
export const afterAdditiveChange = async (queryClient: QueryClient, result: AdditiveWriteResponse) => {
  queryClient.setQueryData([RESCORE_STATUS_ADDRESS], result.rescore);
  if (result.rescore.running) {
    // The answer may already be stale by the time we poll; ask the server, don't trust the snapshot.
    void queryClient.invalidateQueries({ queryKey: [RESCORE_STATUS_ADDRESS] });
  }
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [ADDITIVES_ADDRESS] }),
    queryClient.invalidateQueries({ predicate: (query) => isProductDataQuery(query.queryKey) }),
  ]);
};
