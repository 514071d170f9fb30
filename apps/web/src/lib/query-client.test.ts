import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';

import { PERSONAL_CACHES } from './offline-caches';
import { createQueryClient } from './query-client';

/** A CacheStorage that records what was deleted. */
const stubCaches = () => {
  const deleted: string[] = [];
  vi.stubGlobal('caches', { delete: vi.fn(async (name: string) => (deleted.push(name), true)) });
  return deleted;
};
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

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

  it('a 401 on a personal read (the session ended on another device): signed out, personal queries and caches forgotten', async () => {
    const deleted = stubCaches();
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { code: 'UNAUTHORIZED', message: 'Debes iniciar sesión' })));
    const client = createQueryClient();
    client.setQueryData(['/api/auth/status'], { authenticated: true, user: { id: 1 } });
    client.setQueryData(['/api/account'], { profile: 'x' });
    await expect(client.fetchQuery({ queryKey: ['/api/history'] })).rejects.toThrow('401');
    expect(client.getQueryData(['/api/auth/status'])).toEqual({ authenticated: false, user: null });
    expect(client.getQueryData(['/api/account'])).toBeUndefined();
    await vi.waitFor(() => expect([...deleted].sort()).toEqual([...PERSONAL_CACHES].sort()));
  });

  it('the status answering authenticated: false (revoked, expired) empties the personal caches', async () => {
    const deleted = stubCaches();
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { authenticated: false, user: null })));
    await createQueryClient().fetchQuery({ queryKey: ['/api/auth/status'] });
    await vi.waitFor(() => expect([...deleted].sort()).toEqual([...PERSONAL_CACHES].sort()));
  });

  it('a wrong sign-in code (a 401 of its own) and a signed-in status forget nothing', async () => {
    const deleted = stubCaches();
    const client = createQueryClient();
    client.setQueryData(['/api/account'], { profile: 'x' });
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { code: 'INVALID_CODE', message: 'Código incorrecto.' })));
    await expect(client.fetchQuery({ queryKey: ['/api/auth/login'] })).rejects.toThrow('401');
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { authenticated: true, user: { id: 1 } })));
    await client.fetchQuery({ queryKey: ['/api/auth/status'] });
    await new Promise((r) => setTimeout(r, 20));
    expect(deleted).toEqual([]);
    expect(client.getQueryData(['/api/account'])).toEqual({ profile: 'x' });
  });
});
