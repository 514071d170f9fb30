import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../test/helpers.ts';
import { PRODUCT_ROUTE_MODULE } from './web.ts';

describe(`serving the single-page app (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('hola '.repeat(400))});`;
  const indexHtml =
    `<!doctype html><html><head><title>Etiqueta Clara</title><meta name="description" content="${'Puntajes de 0 a 10. '.repeat(60)}"><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>`;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-web-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), indexHtml);
    // Vite's manifest: the entry (in index.html already), the product route and what it imports statically.
    await fs.mkdir(path.join(dist, '.vite'));
    await fs.writeFile(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true, dynamicImports: [PRODUCT_ROUTE_MODULE] },
        [PRODUCT_ROUTE_MODULE]: { file: 'assets/product-p1.js', isDynamicEntry: true, imports: ['index.html', '_screen.js'] },
        '_screen.js': { file: 'assets/screen-s1.js', imports: ['index.html', '_icons.js'] },
        '_icons.js': { file: 'assets/icons-i1.js' },
      }),
    );
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), script);
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await fs.writeFile(path.join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Etiqueta Clara' }));
    t = await buildTestApp({ WEB_DIST: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('every client route gets index.html, never cached', async () => {
    for (const url of ['/', '/product/5', '/desayuno/leches?sub2categories=Cereales', '/ruta/que/no/existe']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Etiqueta Clara</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('a product page names its chunks and its reads in the HTML, so they load alongside the main bundle', async () => {
    const res = await t.app.inject('/product/42');
    const hints = [...res.body.matchAll(/<link rel="(modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((m) => `${m[1]} ${m[2]}`);
    expect(hints).toEqual([
      'modulepreload /assets/product-p1.js',
      'modulepreload /assets/screen-s1.js',
      'modulepreload /assets/icons-i1.js',
      'preload /api/auth/status',
      'preload /api/products/42',
    ]);
    // As the app asks for them (apiFetch: credentials 'include'), or the browser would not hand them over.
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/42">');
    expect(res.body.indexOf('/api/products/42')).toBeLessThan(res.body.indexOf('</head>'));
  });

  it('other pages, and addresses that are no product id, get index.html as it is', async () => {
    for (const url of ['/', '/search?q=leche', '/product/abc', '/product/42/additives', '/product/<script>']) {
      const res = await t.app.inject(url);
      expect(res.body, url).toBe(indexHtml);
    }
  });

  it('the page is sent compressed when the browser accepts it', async () => {
    const res = await t.app.inject({ url: '/product/42', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('/api/products/42');
  });

  it('API answers are compressed too, from 1 KB', async () => {
    const res = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });

  it('hashed assets are cached for a year and sent precompressed when the browser accepts it', async () => {
    const br = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it.each([
    ['/sw.js', 'javascript'],
    ['/manifest.webmanifest', 'application/manifest+json'],
  ])('%s is asked for again on every visit, so an update is never missed', async (path, type) => {
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-type']).toContain(type);
  });

  it('unknown API paths stay JSON 404s, not the app', async () => {
    const res = await t.app.inject('/api/productos');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});

describe('the product route the HTML hints name', () => {
  it('is the module the web app lazy-loads for /product/:id (a move would drop the hints silently)', async () => {
    const webApp = path.resolve(import.meta.dirname, '../../../web');
    await expect(fs.access(path.join(webApp, PRODUCT_ROUTE_MODULE))).resolves.toBeUndefined();
    const routes = await fs.readFile(path.join(webApp, 'src/app/routes.tsx'), 'utf8');
    const imported = `./${path.relative('src/app', PRODUCT_ROUTE_MODULE).replace(/\.tsx$/, '')}`;
    expect(routes).toContain(`path: 'product/:id',`);
    expect(routes).toContain(`import('${imported}')`);
  });
});
