import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@etiqueta/contracts';
import { buildTestApp, testDatabaseKind, type TestApp } from './helpers.ts';

/** Every address the web app calls, with the method it uses: each must reach a route of the server. */
const CALLS: [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string][] = [
  ['GET', apiPaths.health],
  ['GET', apiPaths.auth.status],
  ['POST', apiPaths.auth.login],
  ['POST', apiPaths.auth.logout],
  ['GET', apiPaths.categories.list],
  ['GET', apiPaths.categories.one('lacteos')],
  ['GET', apiPaths.categories.subcategories('lacteos')],
  ['GET', apiPaths.categories.products('lacteos', { sub2categories: 'Leche entera', filters: ['sin-aditivos'], sugarMaxG: 5, sort: 'name', page: 2 })],
  ['GET', apiPaths.subcategories.one('leches')],
  ['GET', apiPaths.subcategories.sub2categories('leches')],
  ['GET', apiPaths.subcategories.products('leches')],
  ['GET', apiPaths.products.one(1)],
  ['GET', apiPaths.products.alternatives(1)],
  ['PATCH', apiPaths.products.one(1)],
  ['GET', apiPaths.products.table],
  ['GET', apiPaths.search.text('leche', 8)],
  ['GET', apiPaths.search.barcode('7801234567890')],
  ['GET', apiPaths.signup.status],
  ['POST', apiPaths.signup.join('beta')],
  ['POST', apiPaths.signup.join('waitlist')],
  ['POST', apiPaths.contact],
  ['POST', apiPaths.errorReports],
  ['GET', apiPaths.additives.list],
  ['POST', apiPaths.additives.list],
  ['PATCH', apiPaths.additives.one(1)],
  ['DELETE', apiPaths.additives.one(1)],
  ['GET', apiPaths.additives.rescoreStatus],
  ['GET', apiPaths.admin.users],
  ['PATCH', apiPaths.admin.user(1)],
  ['GET', apiPaths.admin.signups],
  ['POST', apiPaths.admin.promoteSignup(1)],
  ['GET', apiPaths.admin.messages],
  ['PATCH', apiPaths.admin.message(1)],
  ['GET', apiPaths.admin.errorReports],
  ['PATCH', apiPaths.admin.errorReport(1)],
  ['POST', apiPaths.admin.personalData.export],
  ['POST', apiPaths.admin.personalData.erase],
  ['GET', apiPaths.account.me],
  ['PATCH', apiPaths.account.me],
  ['DELETE', apiPaths.account.me],
  ['GET', apiPaths.account.export],
  ['GET', apiPaths.history.all],
  ['GET', apiPaths.history.page({ q: 'leche', cursor: '1764000000000-12' })],
  ['POST', apiPaths.history.all],
  ['DELETE', apiPaths.history.all],
  ['DELETE', apiPaths.history.entry(1)],
  ['PUT', apiPaths.history.recording],
  ['POST', apiPaths.contributions],
  ['POST', apiPaths.readLabel],
  ['GET', apiPaths.admin.contributions('pending')],
  ['POST', apiPaths.admin.approveContribution(1)],
  ['POST', apiPaths.admin.rejectContribution(1)],
  ['GET', apiPaths.sync.status],
  ['GET', apiPaths.sync.firstLoad],
  ['POST', apiPaths.sync.testConnection],
  ['POST', apiPaths.sync.run('bulk')],
  ['POST', apiPaths.sync.run('incremental')],
  ['GET', apiPaths.sync.runs],
  ['GET', apiPaths.sync.uncategorized],
  ['GET', apiPaths.sync.dubious],
];

describe(`the web app's API addresses (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it.each(CALLS)('%s %s reaches a route', async (method, url) => {
    const res = await t.app.inject({ method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
    // The answer of an address no route serves (plugins/web.ts): never this one.
    expect(res.json<{ message?: string }>().message).not.toBe('No existe esa dirección de la API');
  });

  it('an address no route serves is told apart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/no-existe', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ message: string }>().message).toBe('No existe esa dirección de la API');
  });
});
