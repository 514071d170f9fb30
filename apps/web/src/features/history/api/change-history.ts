import { apiPaths, type HistoryRecordingResponse } from '@etiqueta/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiFetch, apiJson } from '@/lib/api-client';

import { refreshHistory } from './get-history';

export const deleteHistoryEntry = async (entryId: number): Promise<void> => {
  await apiFetch(apiPaths.history.entry(entryId), { method: 'DELETE' });
};

export const clearHistory = async (): Promise<void> => {
  await apiFetch(apiPaths.history.all, { method: 'DELETE' });
};

export const setHistoryRecording = (enabled: boolean): Promise<HistoryRecordingResponse> =>
  apiJson(apiPaths.history.recording, { method: 'PUT', json: { enabled } });

/** Each change is read back from the server (no optimistic copy): what the page shows is what is kept. */
const useHistoryChange = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => refreshHistory(queryClient) });
};

export const useDeleteHistoryEntry = () => useHistoryChange(deleteHistoryEntry);
export const useClearHistory = () => useHistoryChange<void>(clearHistory);
export const useSetHistoryRecording = () => useHistoryChange(setHistoryRecording);
