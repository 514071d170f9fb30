import type { AuthStatusResponse } from '@etiqueta/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';

import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/routes';
import { createQueryClient } from '@/lib/query-client';

export type FakeResponse = { status?: number; body?: unknown; statusText?: string };

const urlOf = (input: RequestInfo | URL) =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');

/**
 * Replaces `fetch` with a table of answers by path (the path with its query string, or without it).
 * Unknown paths answer 404 so a forgotten stub fails loudly. Returns the mock to inspect calls.
 */
export const stubFetch = (
  answers: Record<string, FakeResponse | (() => FakeResponse | Promise<FakeResponse>)>,
) => {
  const mock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = urlOf(input);
    const entry = answers[url.pathname + url.search] ?? answers[url.pathname];
    const answer = typeof entry === 'function' ? await entry() : entry;
    if (!answer) return new Response('', { status: 404, statusText: 'Not Found' });
    const { status = 200, body, statusText } = answer;
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return new Response(text, { status, statusText, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
};

/** The calls a stubbed `fetch` got for this path (whatever their query string). */
export const callsTo = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([input]) => urlOf(input).pathname === path);

/** The JSON body of the first call to this path; undefined when there was none. */
export const sentJson = (fetchMock: ReturnType<typeof stubFetch>, path: string): unknown => {
  const body = callsTo(fetchMock, path)[0]?.[1]?.body;
  return typeof body === 'string' ? (JSON.parse(body) as unknown) : undefined;
};

/** Typed against the contract, so a fixture cannot drift from what the server answers. */
export const signedOut: AuthStatusResponse = { authenticated: false, user: null };
export const signedIn: AuthStatusResponse = {
  authenticated: true,
  user: { id: 1, email: 'ana@example.cl', firstName: 'Ana', lastName: 'Pérez', role: 'user' },
};

/** Renders the real route table at `path` in a memory router, with a fresh query client. */
export const renderApp = (path: string) => {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, queryClient };
};

/** Renders one component on its own, with a fresh query client (no app around it). */
export const renderWithQueries = (ui: ReactNode) =>
  render(<QueryClientProvider client={createQueryClient()}>{ui}</QueryClientProvider>);

/** Renders the test's own routes in a memory router at `path`, with a fresh query client; returns the router. */
export const renderRoutes = (routes: RouteObject[], path = '/') => {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  renderWithQueries(<RouterProvider router={router} />);
  return router;
};
