import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { createQueryClient } from './query-client';

describe('query client', () => {
  it('has the spec defaults: no retry, no refetch on focus, never stale', () => {
    const queries = createQueryClient().getDefaultOptions().queries;
    expect(queries?.retry).toBe(false);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.staleTime).toBe(Infinity);
  });

  it('fetches the first element of the key, with credentials', async () => {
    const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response('[{"id":1}]'));
    vi.stubGlobal('fetch', mock);
    const data = await createQueryClient().fetchQuery({ queryKey: ['/api/categories'] });
    expect(data).toEqual([{ id: 1 }]);
    expect(mock.mock.calls[0]?.[0]).toBe('/api/categories');
    expect(mock.mock.calls[0]?.[1]?.credentials).toBe('include');
  });

  it('fails once, without retrying, with the status and body', async () => {
    const mock = vi.fn(
      async () => new Response('caído', { status: 500, statusText: 'Internal Server Error' }),
    );
    vi.stubGlobal('fetch', mock);
    const client = createQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['/api/categories'] });
    const result = await new Promise<ReturnType<typeof observer.getCurrentResult>>((resolve) => {
      const unsubscribe = observer.subscribe((r) => {
        if (r.isError) {
          unsubscribe();
          resolve(r);
        }
      });
    });
    expect(result.error?.message).toBe('500: caído');
    expect(mock).toHaveBeenCalledTimes(1);
  });
});
