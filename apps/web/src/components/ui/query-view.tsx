import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { errorMessage } from '@/lib/error-message';

import { Alert } from './alert';

export type QueryViewProps<T> = {
  query: UseQueryResult<T>;
  /** What could not be loaded, e.g. "No pudimos cargar tus datos": the alert reads "{errorText}: {the reason}". */
  errorText: string;
  /** What stands in while the first answer is on its way. */
  skeleton: ReactNode;
  /** The error in a compact box, inside a card. */
  compact?: boolean;
  children: (data: T) => ReactNode;
};

/** One query's three states: failed (an alert, read out at once), loading (the skeleton), loaded (the children). */
export const QueryView = <T,>({ query, errorText, skeleton, compact, children }: QueryViewProps<T>) => {
  if (query.isError)
    return (
      <Alert compact={compact}>
        {errorText}: {errorMessage(query.error)}
      </Alert>
    );
  if (query.isPending) return skeleton;
  return children(query.data);
};
