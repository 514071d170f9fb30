import { apiPaths } from '@etiqueta/contracts';
import type { connectionTest } from '@etiqueta/contracts';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';

import { apiJson } from '@/lib/api-client';

export type ConnectionTestResult = z.infer<typeof connectionTest>;

export const testConnection = (): Promise<ConnectionTestResult> =>
  apiJson(apiPaths.sync.testConnection, { method: 'POST' });

export const useTestConnection = () => useMutation({ mutationFn: testConnection });
