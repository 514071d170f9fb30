import { apiPaths } from '@etiqueta/contracts';
import type { ErrorReportRequest } from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';


export type ErrorReportInput = Pick<
  ErrorReportRequest,
  'errorType' | 'description' | 'productId' | 'productName'
>;

/** POST /api/error-reports {errorType, description, productId, productName}; the answer is not shown (spec §7). */
export const createErrorReport = (report: ErrorReportInput): Promise<unknown> =>
  apiJson(apiPaths.errorReports, { method: 'POST', json: report });

/** Nothing is cached from this call, so there is nothing to invalidate. */
export const useCreateErrorReport = () => useMutation({ mutationFn: createErrorReport });
