import { describe, expect, it, vi } from 'vitest';

import { ApiError, apiFetch, apiJson } from './api-client';

const stub = (response: Response) => {
  const mock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', mock);
  return mock;
};

describe('api client', () => {
  it('raises "{status}: {body}" when a non-OK answer has a body', async () => {
    stub(new Response('Email no registrado', { status: 403, statusText: 'Forbidden' }));
    await expect(apiFetch('/api/auth/login')).rejects.toMatchObject({
      message: '403: Email no registrado',
      status: 403,
    });
  });

  it('raises "{status}: {status text}" when the body is empty', async () => {
    stub(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiFetch('/api/categories').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('502: Bad Gateway');
    expect((error as ApiError).status).toBe(502);
  });

  it('raises on 401 like any other non-OK answer', async () => {
    stub(new Response('{"code":"UNAUTHENTICATED"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiJson('/api/products/1')).rejects.toThrow('401: {"code":"UNAUTHENTICATED"}');
  });

  it('sends the session cookie and JSON bodies', async () => {
    const mock = stub(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson('/api/contact', { method: 'POST', json: { email: 'a@b.cl' } })).resolves.toEqual({
      ok: true,
    });
    const init = mock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"email":"a@b.cl"}');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });

  it('gives undefined for an empty OK answer', async () => {
    stub(new Response(null, { status: 204 }));
    await expect(apiJson('/api/auth/logout', { method: 'POST' })).resolves.toBeUndefined();
  });
});
