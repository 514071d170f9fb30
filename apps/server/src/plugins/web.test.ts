import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testDatabaseKind, type TestApp } from '../../test/helpers.ts';

describe(`serving the single-page app (${testDatabaseKind})`, () => {
  let t: TestApp;
  let dist: string;
  const script = `console.log(${JSON.stringify('hola '.repeat(400))});`;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'ec-web-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Etiqueta Clara</title><div id="root"></div>');
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

  it('the service worker and the manifest are asked for again on every visit, so an update is never missed', async () => {
    const sw = await t.app.inject('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-type']).toContain('javascript');
    const manifest = await t.app.inject('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
  });

  it('unknown API paths stay JSON 404s, not the app', async () => {
    const res = await t.app.inject('/api/productos');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
