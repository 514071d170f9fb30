import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { repoRoot } from '../src/config/env.ts';
import type { OffProduct } from '../src/modules/off/off-product.ts';

/**
 * A local stand-in for static.openfoodfacts.org/data: the JSONL export (gzip, Content-Length, Last-Modified,
 * ETag, HEAD), delta/index.txt (newest first) and the delta files, all built from OFF's own documents in
 * ../shared/data/off-formats: the stored schema-1003 document, the 1004 (API v3.6) product and the legacy
 * flat-`nutriments` product, sold in Chile or elsewhere. It can answer 429/503 with Retry-After first, be
 * taken down and brought back up on the same address (OFF unreachable, then back), and accept connections
 * without ever answering (a firewall or proxy that swallows them).
 */

const API_READ = path.join(repoRoot, '../shared/data/off-formats/api-read');

function offDocument(name: string): OffProduct & Record<string, unknown> {
  const product = (JSON.parse(fs.readFileSync(path.join(API_READ, name), 'utf8')) as { product: OffProduct & Record<string, unknown> }).product;
  // OFF's synthetic test product declares more sugars (12.5 g) than carbohydrates (10.5 g), which we reject.
  return JSON.parse(JSON.stringify(product).replaceAll('12.5', '9.5')) as OffProduct & Record<string, unknown>;
}
export const STORED_1003 = offDocument('v2__get-fields-raw.json');
export const V36_1004 = offDocument('v3.6__get-existing-product-new-tags-schema-api-v3-6.json');
export const LEGACY = offDocument('v2__get-existing-product.json');
/** The same stored document with OFF's contradictory sugars left in: rejected by the mapper. */
export const UNFIXED = (JSON.parse(fs.readFileSync(path.join(API_READ, 'v2__get-fields-raw.json'), 'utf8')) as { product: OffProduct }).product;

/** The export's date in these tests (24 Nov 2026, 03:00 UTC), in OFF's seconds. */
export const T0 = Date.UTC(2026, 10, 24, 3, 0, 0) / 1000;
export const DAY = 86_400;

export const doc = (base: OffProduct, code: string, countries: string[], extra: Record<string, unknown> = {}) =>
  ({ ...base, code, _id: code, countries_tags: countries, last_modified_t: T0 - DAY, ...extra }) as Record<string, unknown>;

export const CL = ['en:chile'];
export const chilean = {
  stored: doc(STORED_1003, '7801000000011', CL, { product_name: 'Yogur guardado 1003' }),
  v36: doc(V36_1004, '7801000000028', ['en:argentina', 'en:chile'], { product_name: 'Galletas 1004' }),
  legacy: doc(LEGACY, '7801000000035', CL, { product_name: 'Bebida legado' }),
  rejected: doc(UNFIXED, '7801000000042', CL),
};
export const foreign = [
  doc(STORED_1003, '3001000000014', ['en:france']),
  // Mentions Chile (origin), so the cheap test lets it through; its countries_tags does not.
  doc(STORED_1003, '3001000000021', ['en:spain'], { origins_tags: ['en:chile'] }),
];

/** OFF's export shape: gzip JSON Lines, with `filler` small foreign products between, and a broken Chilean line. */
export function jsonl(docs: readonly Record<string, unknown>[], filler = 0, brokenChileLine = false): Buffer {
  const lines = docs.map((d) => JSON.stringify(d));
  // Many small foreign products between them: chunks of the gunzipped stream end mid-line, and checkpoints fire.
  for (let i = 0; i < filler; i++) {
    lines.splice(1 + (i % lines.length), 0, JSON.stringify({ code: String(4000000000000 + i), product_name: `Otro ${i}`, countries_tags: ['en:germany'] }));
  }
  if (brokenChileLine) lines.splice(2, 0, '{"code":"7801000000999","countries_tags":["en:chile"], roto');
  return zlib.gzipSync(`${lines.join('\n')}\n`);
}

export const EXPORT = '/data/openfoodfacts-products.jsonl.gz';
export const deltaName = (from: number, to: number) => `openfoodfacts_products_${from}_${to}.json.gz`;

/** `gate`: the body is sent up to `gate.at` bytes, and the rest once `gate.open` resolves (a slow download). */
export type Route = { body: Buffer | string; headers?: Record<string, string>; gate?: { at: number; open: Promise<void> } };
type Failure = { status: number; retryAfter?: string };
type Served = { method: string; path: string; userAgent: string | undefined; at: number };

export async function startFakeOffFiles() {
  const routes = new Map<string, Route>();
  const failures = new Map<string, Failure[]>();
  const served: Served[] = [];
  const sockets = new Set<Socket>();
  let silent = false;
  let dropReused = false;
  const requestsOn = new WeakMap<Socket, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    served.push({ method: req.method ?? 'GET', path: url.pathname, userAgent: req.headers['user-agent'], at: Date.now() });
    if (silent) return;
    const onSocket = (requestsOn.get(req.socket) ?? 0) + 1;
    requestsOn.set(req.socket, onSocket);
    if (dropReused && onSocket > 1) {
      // A kept-alive connection closed by the server just as the client sends on it again.
      dropReused = false;
      req.socket.destroy();
      return;
    }
    const failure = failures.get(url.pathname)?.shift();
    if (failure) {
      res.writeHead(failure.status, { 'content-type': 'text/html', ...(failure.retryAfter ? { 'retry-after': failure.retryAfter } : {}) });
      res.end('<html>Too many requests</html>');
      return;
    }
    if (url.pathname.startsWith('/moved/')) {
      res.writeHead(302, { location: url.pathname.slice('/moved'.length) });
      res.end();
      return;
    }
    const route = routes.get(url.pathname);
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>Not found</html>');
      return;
    }
    const body = typeof route.body === 'string' ? Buffer.from(route.body) : route.body;
    res.writeHead(200, { 'content-length': String(body.length), ...route.headers });
    if (req.method === 'HEAD') res.end();
    else if (!route.gate) res.end(body);
    else {
      res.write(body.subarray(0, route.gate.at));
      void route.gate.open.then(() => res.end(body.subarray(route.gate!.at)));
    }
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as AddressInfo).port;
  const base = `http://127.0.0.1:${port}`;

  return {
    base,
    exportUrl: `${base}${EXPORT}`,
    deltaUrl: `${base}/data/delta/`,
    routes,
    failures,
    /** Every request so far; `served.length = 0` forgets them. */
    served,
    reset() {
      silent = false;
      dropReused = false;
      routes.clear();
      failures.clear();
      served.length = 0;
    },
    publishExport: (docs: readonly Record<string, unknown>[], options: { date?: number; etag?: string; filler?: number; broken?: boolean } = {}) => {
      const body = jsonl(docs, options.filler ?? 0, options.broken ?? false);
      routes.set(EXPORT, {
        body,
        headers: {
          'content-type': 'application/gzip',
          'last-modified': new Date((options.date ?? T0) * 1000).toUTCString(),
          etag: `"${options.etag ?? 'export-1'}"`,
        },
      });
      return body;
    },
    /** Deltas as OFF publishes them: index.txt newest first. */
    publishDeltas: (files: { from: number; to: number; docs: Record<string, unknown>[]; body?: Buffer }[]) => {
      const sorted = [...files].sort((a, b) => b.to - a.to);
      routes.set('/data/delta/index.txt', { body: `${sorted.map((f) => deltaName(f.from, f.to)).join('\n')}\n` });
      for (const f of files) routes.set(`/data/delta/${deltaName(f.from, f.to)}`, { body: f.body ?? jsonl(f.docs) });
    },
    /** OFF unreachable: connections to the address are refused until `up()`. */
    async down() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up: () => listen(port),
    /** The next request sent on a kept-alive connection finds it closed (once). */
    dropNextReused() {
      dropReused = true;
    },
    /** Requests are taken and never answered, until `reset()`. */
    silence() {
      silent = true;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));
    },
  };
}

export type FakeOffFiles = Awaited<ReturnType<typeof startFakeOffFiles>>;
