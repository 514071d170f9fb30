import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product, SharedProduct } from '@etiqueta/contracts';
import { formatScore, scoreBand } from '@etiqueta/domain';
import { buildTestApp, sharedTestApp, testDatabaseKind, type TestApp } from '../../../test/helpers.ts';
import { seedCatalogue, signedInAs } from '../../../test/fixtures.ts';
import { wrapText } from './share-card.ts';
import { CARD_DRAWINGS_PER_MINUTE } from './share.routes.ts';

const PUBLIC_URL = 'https://etiquetaclara.example';
const TRICKY_NAME = `Galletas "Tía" <script>alert('x')</script> & Cía`;

/** Every `<meta property|name="…" content="…">` of the head, its content HTML-unescaped. */
function metaOf(html: string): Map<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  const unescape = (s: string) =>
    s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return new Map(
    [...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map((m) => [m[1]!, unescape(m[2]!)]),
  );
}

describe(`a shared product's link (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  let ids: { plain: number; tricky: number; sealed: number };
  const indexHtml = '<!doctype html><html><head><title>Etiqueta Clara</title></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-share-dist-'));
    await fs.writeFile(path.join(dist, 'index.html'), indexHtml);
    t = await buildTestApp({ WEB_DIST: dist, PUBLIC_URL });
    const seeded = await seedCatalogue(t.app, [
      { barcode: '7800000000011', name: 'Leche Entera', brand: 'Colun' },
      { barcode: '7800000000028', name: TRICKY_NAME, brand: 'Marca <b>"dura"</b>' },
      { barcode: '7800000000035', name: 'Cereal Azucarado', brand: 'Costa', totalSugarsG100: 35, ingredients: 'trigo, azúcar' },
    ]);
    const [plain, tricky, sealed] = seeded.products;
    ids = { plain: plain!.id, tricky: tricky!.id, sealed: sealed!.id };
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  let member: string | undefined;
  const product = async (id: number) => {
    member ??= await signedInAs(t.app, t.database.db, 'lee@example.cl');
    return (await t.app.inject({ url: `/api/products/${id}`, headers: { cookie: member } })).json<Product>();
  };

  it('without a cookie, /product/:id carries its own og:title and an absolute og:image that answers an image', async () => {
    // The request's Host is never used for an address: a forged one changes nothing.
    const res = await t.app.inject({ url: `/product/${ids.sealed}`, headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const meta = metaOf(res.body);
    const shown = await product(ids.sealed);
    const score = `${formatScore(shown.healthScore)} · ${scoreBand(shown.healthScore).label}`;
    expect(meta.get('og:title')).toBe('Cereal Azucarado');
    expect(meta.get('og:description')).toBe(`Costa · ${score} · ALTO EN AZÚCARES`);
    expect(score).toMatch(/^\d+,\d\/10 · \S/);
    expect(meta.get('og:url')).toBe(`${PUBLIC_URL}/product/${ids.sealed}`);
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    const image = meta.get('og:image')!;
    expect(image).toMatch(new RegExp(`^${PUBLIC_URL}/api/share/products/${ids.sealed}/card\\.png\\?v=[0-9a-f]{16}$`));
    expect(meta.get('twitter:image')).toBe(image);
    expect(res.body).not.toContain('evil.example');

    const card = await t.app.inject({ url: image.slice(PUBLIC_URL.length) });
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toMatch(/^image\//);
    expect(card.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(card.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const { width, height, format } = await sharp(card.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  it('the card is drawn once per version and then served from memory, with an ETag', async () => {
    const meta = metaOf((await t.app.inject(`/product/${ids.plain}`)).body);
    const url = meta.get('og:image')!.slice(PUBLIC_URL.length);
    const before = t.app.services.share.stats().drawn;
    const first = await t.app.inject(url);
    const again = await Promise.all([t.app.inject(url), t.app.inject(url)]);
    expect(t.app.services.share.stats().drawn).toBe(before + 1);
    for (const res of again) expect(res.rawPayload.equals(first.rawPayload)).toBe(true);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const notModified = await t.app.inject({ url, headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    // Without its version (or with an old one) the address may change content: kept a day, not for ever.
    const bare = await t.app.inject(`/api/share/products/${ids.plain}/card.png`);
    expect(bare.statusCode).toBe(200);
    expect(bare.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('a re-scored product gets a new card at a new address; the old address answers the new card', async () => {
    const admin = await signedInAs(t.app, t.database.db, 'admin@example.cl', 'admin');
    const oldImage = metaOf((await t.app.inject(`/product/${ids.plain}`)).body).get('og:image')!;
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${ids.plain}`,
      headers: { cookie: admin },
      payload: { totalSugarsG100: 40 },
    });
    expect(edit.statusCode).toBe(200);
    const edited = edit.json<Product>();
    const meta = metaOf((await t.app.inject(`/product/${ids.plain}`)).body);
    expect(meta.get('og:description')).toContain(`${formatScore(edited.healthScore)} · ${scoreBand(edited.healthScore).label}`);
    expect(meta.get('og:image')).not.toBe(oldImage);
    const drawn = t.app.services.share.stats().drawn;
    const card = await t.app.inject(meta.get('og:image')!.slice(PUBLIC_URL.length));
    expect(card.statusCode).toBe(200);
    expect(t.app.services.share.stats().drawn).toBe(drawn + 1);
    const old = await t.app.inject(oldImage.slice(PUBLIC_URL.length));
    expect(old.headers.etag).toBe(card.headers.etag);
    expect(old.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('everything injected is HTML-escaped: a name with " < > & \' cannot leave its attribute', async () => {
    const res = await t.app.inject(`/product/${ids.tricky}`);
    const meta = metaOf(res.body);
    expect(meta.get('og:title')).toBe(TRICKY_NAME);
    expect(meta.get('og:description')).toMatch(/^Marca <b>"dura"<\/b> · /);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>"dura"');
    expect(res.body).toContain('content="Galletas &quot;Tía&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; Cía"');
    // The card draws the same name (escaped for SVG: a broken SVG would fail to render).
    const card = await t.app.inject(meta.get('og:image')!.slice(PUBLIC_URL.length));
    expect(card.statusCode).toBe(200);
    expect(card.headers['content-type']).toBe('image/png');
  });

  it('an unknown or malformed id reveals nothing: the same page as any address, no meta, status 200', async () => {
    const known = await t.app.inject(`/product/${ids.plain}`);
    expect(known.body).toContain('og:title');
    for (const url of ['/product/999999', '/product/0', '/product/007', '/product/99999999999', '/product/abc', '/product/1%3Cx']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/og:|twitter:/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    // An unknown id's page is a known one's without the meta: the same hints, the same length apart from them.
    const unknownId = 999_999;
    const unknown = await t.app.inject(`/product/${unknownId}`);
    const withoutMeta = known.body.replace(/<meta (?:property|name)="(?:og|twitter):[^>]*>\s*/g, '').replaceAll(`/${ids.plain}`, `/${unknownId}`);
    expect(unknown.body).toBe(withoutMeta);
  });

  it('the preview JSON is public and says only what the meta says; no such product is a Spanish 404', async () => {
    const res = await t.app.inject(`/api/share/products/${ids.sealed}`);
    expect(res.statusCode).toBe(200);
    const preview = res.json<SharedProduct>();
    const shown = await product(ids.sealed);
    expect(preview).toEqual({
      id: ids.sealed,
      name: 'Cereal Azucarado',
      brand: 'Costa',
      score: formatScore(shown.healthScore),
      scoreLabel: scoreBand(shown.healthScore).label,
      seals: ['ALTO EN AZÚCARES'],
      imageUrl: metaOf((await t.app.inject(`/product/${ids.sealed}`)).body).get('og:image'),
    });
    const missing = await t.app.inject('/api/share/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No existe ese producto' });
    expect((await t.app.inject('/api/share/products/abc')).statusCode).toBe(400);
    expect((await t.app.inject('/api/share/products/999999/card.png')).statusCode).toBe(404);
    expect((await t.app.inject(`/api/share/products/${ids.plain}/card.png?v=<x>`)).statusCode).toBe(400);
  });
});

describe('the card wraps a long name and brand within its lines', () => {
  it('cuts words longer than a line and ends what does not fit with an ellipsis', () => {
    expect(wrapText('Leche entera', 22, 3)).toEqual(['Leche entera']);
    expect(wrapText('Galletas de chocolate rellenas con crema sabor vainilla', 22, 2)).toEqual([
      'Galletas de chocolate',
      'rellenas con crema…',
    ]);
    expect(wrapText('Supercalifragilisticoespialidoso', 10, 3)).toEqual(['Supercalif', 'ragilistic', 'oespialid…']);
  });
});

describe(`drawing cards is limited per address; kept cards are not (${testDatabaseKind})`, () => {
  const t = sharedTestApp({ RATE_LIMIT_PER_MINUTE: '10' });
  let ids: number[];
  beforeAll(async () => {
    const seeded = await seedCatalogue(
      t.app,
      Array.from({ length: CARD_DRAWINGS_PER_MINUTE + 1 }, (_, i) => ({ barcode: `78000001${String(i).padStart(5, '0')}`, name: `Galleta ${i}` })),
    );
    ids = seeded.products.map((p) => p.id);
  });

  it(`${CARD_DRAWINGS_PER_MINUTE} drawings a minute, then 429 in Spanish with Retry-After`, async () => {
    for (const id of ids.slice(0, CARD_DRAWINGS_PER_MINUTE)) {
      expect((await t.app.inject(`/api/share/products/${id}/card.png`)).statusCode).toBe(200);
    }
    const refused = await t.app.inject(`/api/share/products/${ids.at(-1)}/card.png`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: 'Demasiadas imágenes pedidas. Espera un minuto e inténtalo de nuevo.' });
    // A kept card, the meta and the preview cost nothing of it.
    expect((await t.app.inject(`/api/share/products/${ids[0]}/card.png`)).statusCode).toBe(200);
    expect((await t.app.inject(`/api/share/products/${ids.at(-1)}`)).statusCode).toBe(200);
  });
});
