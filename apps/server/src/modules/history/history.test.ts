import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HISTORY, historyPage, type HistoryPage } from '@etiqueta/contracts';
import { historyEntries, products, users } from '../../db/schema.ts';
import { buildTestApp, sharedTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { createUser, login, seedCatalogue } from '../../../test/fixtures.ts';
import { historyDayOf } from './history.service.ts';

/*
 * Historial end to end on a real database (PGlite, then PostgreSQL with `node scripts/test-server.mjs`): what
 * a member records, reads, searches and deletes is theirs alone, deletes really delete, and the cap holds even
 * when views arrive in parallel.
 */
describe(`Historial (${testDatabaseKind})`, () => {
  const t = sharedTestApp();
  const ids: Record<string, number> = {};
  const cookies: Record<'ana' | 'beto' | 'caro', string> = { ana: '', beto: '', caro: '' };
  const userIds: Record<'ana' | 'beto' | 'caro', number> = { ana: 0, beto: 0, caro: 0 };

  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
  const record = (who: keyof typeof cookies, productId: number, via: 'scan' | 'open' = 'open') =>
    call('POST', '/api/history', cookies[who], { productId, via });
  const list = async (who: keyof typeof cookies, query = ''): Promise<HistoryPage> => {
    const res = await call('GET', `/api/history${query}`, cookies[who]);
    expect(res.statusCode, res.body).toBe(200);
    return historyPage.parse(res.json());
  };
  const rowsOf = async (userId: number) =>
    (await t.database.db.select({ n: count() }).from(historyEntries).where(eq(historyEntries.userId, userId)))[0]!.n;
  const clear = async (who: keyof typeof cookies) => {
    await t.database.db.delete(historyEntries).where(eq(historyEntries.userId, userIds[who]));
  };

  beforeAll(async () => {
    const { products: seeded } = await seedCatalogue(t.app, [
      { barcode: '7800000000011', name: 'Leche Entera', brand: 'Colún' },
      { barcode: '7800000000028', name: 'Cereal Azucarado', brand: 'Nestlé', sub2: 'Cereales' },
      { barcode: '7800000000035', name: 'Avena Tradicional', brand: 'Quaker', sub2: 'Cereales' },
      { barcode: '7800000000042', name: 'Leche Descremada', brand: 'Soprole' },
    ]);
    for (const p of seeded) ids[p.name] = p.id;
    for (const who of ['ana', 'beto', 'caro'] as const) {
      const user = await createUser(t.database.db, `${who}@example.cl`);
      userIds[who] = user.id;
      cookies[who] = await login(t.app, user.email);
    }
  }, 60_000);


  it('records a view and lists it with what a card needs: name, brand, score, image, how and when', async () => {
    const res = await record('ana', ids['Leche Entera']!, 'scan');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ recorded: true });
    const page = await list('ana');
    expect(page.recording).toBe(true);
    expect(page.nextCursor).toBeNull();
    expect(page.items).toHaveLength(1);
    const [entry] = page.items;
    expect(entry).toMatchObject({ via: 'scan', product: { id: ids['Leche Entera'], name: 'Leche Entera', brand: 'Colún' } });
    expect(entry!.product).toHaveProperty('images');
    expect(typeof entry!.product.healthScore).toBe('number');
    expect(Math.abs(Date.parse(entry!.viewedAt) - Date.now())).toBeLessThan(60_000);
    await clear('ana');
  });

  it('lists newest first; the same product again the same day moves to the top instead of adding a row', async () => {
    await record('ana', ids['Leche Entera']!);
    await record('ana', ids['Cereal Azucarado']!);
    await record('ana', ids['Avena Tradicional']!);
    const before = await list('ana');
    expect(before.items.map((e) => e.product.name)).toEqual(['Avena Tradicional', 'Cereal Azucarado', 'Leche Entera']);
    const lecheId = before.items[2]!.id;

    await record('ana', ids['Leche Entera']!, 'scan');
    const after = await list('ana');
    expect(after.items.map((e) => e.product.name)).toEqual(['Leche Entera', 'Avena Tradicional', 'Cereal Azucarado']);
    expect(after.items[0]).toMatchObject({ id: lecheId, via: 'scan' });
    expect(await rowsOf(userIds.ana)).toBe(3);
    await clear('ana');
  });

  it('keeps one entry per day: a product viewed yesterday and today is in both days', async () => {
    const history = t.app.services.history;
    const yesterday = new Date(Date.now() - 86_400_000);
    await history.record(userIds.ana, { productId: ids['Leche Entera']!, via: 'open' }, yesterday);
    await history.record(userIds.ana, { productId: ids['Leche Entera']!, via: 'open' });
    const page = await list('ana');
    expect(page.items.map((e) => e.product.name)).toEqual(['Leche Entera', 'Leche Entera']);
    expect(new Set(page.items.map((e) => e.id)).size).toBe(2);
    await clear('ana');
  });

  it('"the same day" is the Chilean calendar day, whatever the server time zone', () => {
    // 23:30 in Santiago (UTC−3 in summer) is already the next day in UTC.
    expect(historyDayOf(new Date('2026-11-25T02:30:00Z'))).toBe('2026-11-24');
    expect(historyDayOf(new Date('2026-11-25T03:30:00Z'))).toBe('2026-11-25');
    // Winter (UTC−4).
    expect(historyDayOf(new Date('2026-07-01T03:59:00Z'))).toBe('2026-06-30');
  });

  it('is per person: another member neither sees nor deletes my entries (404, as if they did not exist)', async () => {
    await record('ana', ids['Leche Entera']!);
    await record('beto', ids['Avena Tradicional']!);
    const anaEntry = (await list('ana')).items[0]!;
    expect((await list('beto')).items.map((e) => e.product.name)).toEqual(['Avena Tradicional']);
    expect((await list('caro')).items).toEqual([]);

    const foreign = await call('DELETE', `/api/history/${anaEntry.id}`, cookies.beto);
    expect(foreign.statusCode).toBe(404);
    const missing = await call('DELETE', '/api/history/2147483647', cookies.beto);
    expect(missing.statusCode).toBe(404);
    // Both answers are the same: nothing tells Beto that Ana's entry exists.
    expect(foreign.json()).toEqual(missing.json());
    expect(foreign.json().message).toBe('Esa entrada no está en tu historial');

    // Beto clearing his history leaves Ana's alone.
    expect((await call('DELETE', '/api/history', cookies.beto)).json()).toEqual({ message: 'Historial borrado', deleted: 1 });
    expect(await rowsOf(userIds.ana)).toBe(1);
    expect(await rowsOf(userIds.beto)).toBe(0);
    await clear('ana');
  });

  it('deletes one entry and all entries for real: the rows are gone from the table', async () => {
    await record('ana', ids['Leche Entera']!);
    await record('ana', ids['Cereal Azucarado']!);
    await record('ana', ids['Avena Tradicional']!);
    const [first] = (await list('ana')).items;

    const one = await call('DELETE', `/api/history/${first!.id}`, cookies.ana);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toEqual({ message: 'Quitado del historial' });
    const gone = await t.database.db.select().from(historyEntries).where(eq(historyEntries.id, first!.id));
    expect(gone).toEqual([]);
    expect(await rowsOf(userIds.ana)).toBe(2);
    expect((await call('DELETE', `/api/history/${first!.id}`, cookies.ana)).statusCode).toBe(404);

    const all = await call('DELETE', '/api/history', cookies.ana);
    expect(all.json()).toEqual({ message: 'Historial borrado', deleted: 2 });
    expect(await rowsOf(userIds.ana)).toBe(0);
    expect((await list('ana')).items).toEqual([]);
  });

  it('searches by name or brand, without case or accents, every word', async () => {
    for (const name of ['Leche Entera', 'Cereal Azucarado', 'Avena Tradicional', 'Leche Descremada']) {
      await record('ana', ids[name]!);
    }
    const names = async (q: string) => (await list('ana', `?q=${encodeURIComponent(q)}`)).items.map((e) => e.product.name);
    expect(await names('leche')).toEqual(['Leche Descremada', 'Leche Entera']);
    expect(await names('LÉCHÉ')).toEqual(['Leche Descremada', 'Leche Entera']);
    expect(await names('colun')).toEqual(['Leche Entera']); // the brand, written without its accent
    expect(await names('NESTLÉ cereal')).toEqual(['Cereal Azucarado']);
    expect(await names('leche quaker')).toEqual([]);
    expect(await names('%_%')).toHaveLength(4); // symbols are not words (and never LIKE patterns): no filter
    expect(await names('   ')).toHaveLength(4);
    // Beto's search never reaches Ana's entries.
    expect((await list('beto', '?q=leche')).items).toEqual([]);
    await clear('ana');
  });

  it('pages newest first with a cursor, with no entry repeated or skipped', async () => {
    const db = t.database.db;
    const extra = await db
      .insert(products)
      .values(Array.from({ length: 70 }, (_, i) => ({ barcode: `99000000${String(i).padStart(5, '0')}`, name: `Galleta ${i}` })))
      .returning({ id: products.id });
    const base = Date.now() - 10 * 60_000;
    for (const [i, p] of extra.entries()) {
      await t.app.services.history.record(userIds.caro, { productId: p.id, via: 'open' }, new Date(base + i * 1000));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: HistoryPage = await list('caro', cursor ? `?cursor=${cursor}` : '');
      expect(page.items.length).toBeLessThanOrEqual(HISTORY.pageSize);
      seen.push(...page.items.map((e) => e.product.name));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(70 / HISTORY.pageSize));
    expect(seen).toEqual(Array.from({ length: 70 }, (_, i) => `Galleta ${69 - i}`));
    // Searching pages too.
    const searched = await list('caro', '?q=galleta');
    expect(searched.items).toHaveLength(HISTORY.pageSize);
    expect(searched.nextCursor).not.toBeNull();
    await clear('caro');
    await db.delete(products).where(and(eq(products.source, 'admin'), eq(products.brand, '')));
  });

  it('keeps at most HISTORY.maxEntries per person, the newest, also when views arrive in parallel', async () => {
    const db = t.database.db;
    const cap = HISTORY.maxEntries;
    const extra = await db
      .insert(products)
      .values(Array.from({ length: cap + 30 }, (_, i) => ({ barcode: `98000000${String(i).padStart(5, '0')}`, name: `Snack ${i}` })))
      .returning({ id: products.id });
    // Fill up to 10 below the cap, one at a time.
    const base = Date.now() - 60 * 60_000;
    for (const [i, p] of extra.slice(0, cap - 10).entries()) {
      await t.app.services.history.record(userIds.caro, { productId: p.id, via: 'open' }, new Date(base + i * 1000));
    }
    expect(await rowsOf(userIds.caro)).toBe(cap - 10);

    // 40 views at once, 30 over the cap, while another connection keeps counting: no committed state may
    // ever hold more than the cap (without the per-person lock, two inserts that trim at the same time each
    // see 501 rows, delete the same oldest one, and leave 501).
    let busy = true;
    let mostSeen = 0;
    const watcher = (async () => {
      while (busy) {
        mostSeen = Math.max(mostSeen, await rowsOf(userIds.caro));
        await new Promise((resolve) => setImmediate(resolve)); // let the requests run (PGlite answers at once)
      }
    })();
    const answers = await Promise.all(extra.slice(cap - 10).map((p) => record('caro', p.id)));
    busy = false;
    await watcher;
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(mostSeen).toBeLessThanOrEqual(cap);
    expect(await rowsOf(userIds.caro)).toBe(cap);

    // The same product ten times at once: still one row, still the cap.
    const same = extra.at(-1)!.id;
    const again = await Promise.all(Array.from({ length: 10 }, () => record('caro', same, 'scan')));
    expect(again.map((a) => a.statusCode)).toEqual(again.map(() => 200));
    expect(await rowsOf(userIds.caro)).toBe(cap);
    const sameRows = await db
      .select({ n: count() })
      .from(historyEntries)
      .where(and(eq(historyEntries.userId, userIds.caro), eq(historyEntries.productId, same)));
    expect(sameRows[0]!.n).toBe(1);
    // What went is the oldest: the first 30 views.
    const kept = new Set(
      (await db.select({ p: historyEntries.productId }).from(historyEntries).where(eq(historyEntries.userId, userIds.caro))).map(
        (r) => r.p,
      ),
    );
    expect(extra.slice(0, 30).filter((p) => kept.has(p.id))).toEqual([]);
    expect(extra.slice(30).every((p) => kept.has(p.id))).toBe(true);
    // Another person's history is not trimmed by Caro's.
    await record('ana', ids['Leche Entera']!);
    expect(await rowsOf(userIds.ana)).toBe(1);
    await clear('caro');
    await clear('ana');
  }, 120_000);

  it('turning it off stops recording and deletes what was kept; on again records again', async () => {
    await record('ana', ids['Leche Entera']!);
    await record('beto', ids['Leche Entera']!);
    const off = await call('PUT', '/api/history/recording', cookies.ana, { enabled: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ recording: false, deleted: 1 });
    expect(await rowsOf(userIds.ana)).toBe(0);
    expect(await rowsOf(userIds.beto)).toBe(1);

    const ignored = await record('ana', ids['Avena Tradicional']!);
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ recorded: false });
    expect(await rowsOf(userIds.ana)).toBe(0);
    expect(await list('ana')).toEqual({ items: [], nextCursor: null, recording: false });
    const [flag] = await t.database.db.select({ on: users.historyEnabled }).from(users).where(eq(users.id, userIds.ana));
    expect(flag!.on).toBe(false);

    expect((await call('PUT', '/api/history/recording', cookies.ana, { enabled: true })).json()).toEqual({
      recording: true,
      deleted: 0,
    });
    expect((await record('ana', ids['Avena Tradicional']!)).json()).toEqual({ recorded: true });
    expect(await rowsOf(userIds.ana)).toBe(1);
    await clear('ana');
    await clear('beto');
  });

  it('refuses bad input with a Spanish 400, and an unknown product with a 404', async () => {
    const bad = async (payload: object) => {
      const res = await call('POST', '/api/history', cookies.ana, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      return res.json<{ code: string; message: string }>();
    };
    expect((await bad({ productId: ids['Leche Entera'], via: 'teleport' })).message).toMatch(/scan|open/);
    expect((await bad({ productId: 'uno', via: 'open' })).message).toMatch(/número/);
    expect((await bad({ productId: 0, via: 'open' })).message).toMatch(/positivo/);
    expect((await bad({ productId: 1.5, via: 'open' })).message).toMatch(/entero/);
    expect((await bad({ via: 'open' })).message).toMatch(/producto/i);
    expect((await bad({ productId: ids['Leche Entera'], via: 'open', userId: userIds.beto })).code).toBe('VALIDATION_ERROR');

    const unknown = await call('POST', '/api/history', cookies.ana, { productId: 2_000_000_000, via: 'open' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Producto no encontrado');

    const badCursor = await call('GET', '/api/history?cursor=ayer', cookies.ana);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toMatch(/página/);
    expect((await call('GET', `/api/history?q=${'a'.repeat(101)}`, cookies.ana)).statusCode).toBe(400);
    expect((await call('GET', '/api/history?limit=5', cookies.ana)).statusCode).toBe(400);
    expect((await call('DELETE', '/api/history/abc', cookies.ana)).statusCode).toBe(400);
    expect((await call('PUT', '/api/history/recording', cookies.ana, { enabled: 'no' })).statusCode).toBe(400);
    expect(await rowsOf(userIds.ana)).toBe(0);
  });

  it('answers are personal: never stored by an HTTP cache (the offline copy is the service worker\'s)', async () => {
    const res = await call('GET', '/api/history', cookies.ana);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('a product leaving the catalogue leaves the history with it', async () => {
    const [gone] = await t.database.db.insert(products).values({ barcode: '7809999999990', name: 'Queque Retirado' }).returning();
    await record('ana', gone!.id);
    expect(await rowsOf(userIds.ana)).toBe(1);
    await t.database.db.delete(products).where(eq(products.id, gone!.id));
    expect(await rowsOf(userIds.ana)).toBe(0);
  });
});

describe(`Historial: views are rate-limited per account (${testDatabaseKind})`, () => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('60 views a minute per person, then a Spanish 429; another person is not affected', async () => {
    t = await buildTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
    const { products: [product] } = await seedCatalogue(t.app, [{ barcode: '7800000000011', name: 'Leche Entera' }]);
    const a = await login(t.app, (await createUser(t.database.db, 'rapida@example.cl')).email);
    const b = await login(t.app, (await createUser(t.database.db, 'calma@example.cl')).email);
    const view = (cookie: string) =>
      t.app.inject({ method: 'POST', url: '/api/history', headers: { cookie }, payload: { productId: product!.id, via: 'open' } });
    const codes: number[] = [];
    for (let i = 0; i < 60; i += 1) codes.push((await view(a)).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    const limited = await view(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/Espera un minuto/);
    expect((await view(b)).statusCode).toBe(200);
  }, 60_000);
});
