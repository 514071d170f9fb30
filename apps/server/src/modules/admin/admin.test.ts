import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminContactMessage, AdminErrorReport, AdminSignup, AdminUser } from '@etiqueta/contracts';
import { sharedTestApp, testDatabaseKind } from '../../../test/helpers.ts';
import { login, seedCatalogue, signedInAs } from '../../../test/fixtures.ts';

describe(`running the beta: members, waitlist, messages, reports (${testDatabaseKind})`, () => {
  const t = sharedTestApp({ BETA_SPOTS: '1' });
  let admin: string;
  let adminId: number;
  beforeAll(async () => {
    admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
    adminId = (await t.app.inject({ url: '/api/auth/status', headers: { cookie: admin } })).json<{ user: { id: number } }>().user.id;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
  const signup = (kind: string, email: string) =>
    t.app.inject({ method: 'POST', url: `/api/signup/${kind}`, payload: { email, firstName: 'Pía', lastName: 'Lagos', ageBand: '16-o-mas' } });

  it('promotes a waitlisted person, who can then sign in', async () => {
    await signup('beta', 'primera@example.cl');
    await login(t.app, 'primera@example.cl'); // proving the email takes the one place
    await signup('waitlist', 'espera@example.cl');
    const waiting = (await call('GET', '/api/admin/signups')).json<AdminSignup[]>().find((s) => s.email === 'espera@example.cl')!;
    expect(waiting.kind).toBe('waitlist');
    expect((await call('POST', `/api/admin/signups/${waiting.id}/promote`)).statusCode).toBe(200);
    expect((await call('POST', `/api/admin/signups/${waiting.id}/promote`)).statusCode).toBe(409);
    await expect(login(t.app, 'espera@example.cl')).resolves.toContain('ec_session=');
  });

  it('revoking access signs the member out at once; roles change; an admin cannot lock themself out', async () => {
    const member = await login(t.app, 'primera@example.cl');
    const user = (await call('GET', '/api/admin/users')).json<AdminUser[]>().find((u) => u.email === 'primera@example.cl')!;
    expect((await call('PATCH', `/api/admin/users/${user.id}`, { accessStatus: 'revoked' })).json()).toMatchObject({ accessStatus: 'revoked' });
    expect((await t.app.inject({ url: '/api/auth/status', headers: { cookie: member } })).json()).toEqual({ authenticated: false, user: null });
    expect((await call('PATCH', `/api/admin/users/${user.id}`, { role: 'influencer', accessStatus: 'beta' })).json()).toMatchObject({ role: 'influencer' });
    const self = await call('PATCH', `/api/admin/users/${adminId}`, { role: 'user' });
    expect(self.statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${user.id}`, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/admin/users/${user.id}`, { role: 'superadmin' })).statusCode).toBe(400);
  });

  it('lists contact messages and error reports and marks them handled', async () => {
    await t.app.inject({ method: 'POST', url: '/api/contact', payload: { firstName: 'A', lastName: 'B', email: 'a@b.cl', message: 'Hola' } });
    const { products } = await seedCatalogue(t.app, [{ barcode: '7800000000011', name: 'Leche Entera' }]);
    await t.app.inject({
      method: 'POST',
      url: '/api/error-reports',
      headers: { cookie: admin },
      payload: { errorType: 'otros', description: 'Falta la foto', productId: products[0]!.id, productName: 'Leche Entera' },
    });
    const [message] = (await call('GET', '/api/admin/messages')).json<AdminContactMessage[]>();
    expect(message).toMatchObject({ message: 'Hola', handledAt: null });
    await call('PATCH', `/api/admin/messages/${message!.id}`, { handled: true });
    expect((await call('GET', '/api/admin/messages')).json<AdminContactMessage[]>()[0]!.handledAt).not.toBeNull();
    const [report] = (await call('GET', '/api/admin/error-reports')).json<AdminErrorReport[]>();
    expect(report).toMatchObject({ description: 'Falta la foto', userEmail: 'admin@example.cl' });
    expect((await call('PATCH', `/api/admin/error-reports/${report!.id}`, { handled: true })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/admin/error-reports/99999', { handled: true })).statusCode).toBe(404);
  });
});
