import { apiPaths } from '@etiqueta/contracts';
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
    await expect(apiFetch(apiPaths.auth.login, { method: 'POST' })).rejects.toMatchObject({
      message: '403: Email no registrado',
      status: 403,
    });
  });

  it('raises "{status}: {status text}" when the body is empty', async () => {
    stub(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const error = await apiFetch(apiPaths.categories.list).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('502: Bad Gateway');
    expect((error as ApiError).status).toBe(502);
  });

  it('raises on 401 like any other non-OK answer', async () => {
    stub(new Response('{"code":"UNAUTHENTICATED"}', { status: 401, statusText: 'Unauthorized' }));
    await expect(apiJson(apiPaths.products.one(1))).rejects.toThrow('401: {"code":"UNAUTHENTICATED"}');
  });

  it("keeps the server's error code and Spanish message, so screens branch on the code", async () => {
    stub(new Response('{"code":"EMAIL_NOT_REGISTERED","message":"Email no registrado en programa Beta"}', { status: 401 }));
    const error = (await apiFetch(apiPaths.auth.login, { method: 'POST' }).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('EMAIL_NOT_REGISTERED');
    expect(error.serverMessage).toBe('Email no registrado en programa Beta');
  });

  it('has no code when the body is not the API error shape', async () => {
    stub(new Response('<html>Bad Gateway</html>', { status: 502 }));
    const error = (await apiFetch(apiPaths.categories.list).catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBeNull();
    expect(error.serverMessage).toBeNull();
  });

  it('sends the session cookie and JSON bodies', async () => {
    const mock = stub(new Response('{"ok":true}', { status: 200 }));
    await expect(apiJson(apiPaths.auth.login, { method: 'POST', json: { email: 'a@b.cl' } })).resolves.toEqual({
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
    await expect(apiJson(apiPaths.auth.logout, { method: 'POST' })).resolves.toBeUndefined();
  });
});

/**
 * Calls typed by the endpoint table, checked at compile time (never run): `npm run typecheck` fails when one of
 * these stops being an error, or when a typed answer loses its fields.
 */
export const typedByTheEndpointTable = async () => {
  const { id } = await apiJson(apiPaths.search.barcode('7802800716340'));
  const product = await apiJson(apiPaths.products.one(id));
  const name: string = product.name;
  // @ts-expect-error -- the barcode answer has no name
  void (await apiJson(apiPaths.search.barcode('7802800716340'))).name;
  // @ts-expect-error -- there is no GET at the login address
  await apiJson(apiPaths.auth.login);
  // @ts-expect-error -- the login body needs an email
  await apiJson(apiPaths.auth.login, { method: 'POST', json: { code: '123456' } });
  // @ts-expect-error -- an address not built from the table
  await apiFetch('/api/products/1');
  return name;
};
