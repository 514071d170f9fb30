import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../src/config/env.ts';

/**
 * A local HTTP server that answers like Open Food Facts' product API (GET /api/<version>/product/<code>), from
 * OFF's own answers in ../shared/data/off-formats/api-read: v3.5 / v3.6 / v2 products, v3 and v2 not-found. It
 * also plays OFF having a bad moment: 429 / 503 with Retry-After, 500, a slow answer, a redirect to another
 * OFF project. Every request is recorded (path, query, User-Agent, time) so tests can count calls to OFF.
 */

const API_READ = path.join(repoRoot, '../shared/data/off-formats/api-read');

/** One of OFF's answer files, parsed: whole, as OFF sent it. */
export function offAnswer(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(path.join(API_READ, file), 'utf8')) as Record<string, unknown>;
}

/** OFF's answer for another code: the same body with the code set where OFF puts it. */
export function answerFor(code: string, body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  copy.code = code;
  if (copy.product && typeof copy.product === 'object') (copy.product as Record<string, unknown>).code = code;
  return copy;
}

/**
 * OFF's synthetic test product declares 12.5 g sugars in 10.5 g carbohydrates, which our plausibility check
 * refuses (off-formats.test.ts): this copy says 9.5 g, every other byte as OFF served it.
 */
export function plausible(body: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(body).replaceAll('12.5', '9.5')) as Record<string, unknown>;
}

export type FakeOffReply =
  | { json: unknown; status?: number; delayMs?: number }
  | { status: number; retryAfter?: string; delayMs?: number }
  | { redirect: string };

export type FakeOffRequest = { path: string; code: string; version: string; fields: string | null; userAgent: string; at: number };

/** v3 and v2 not-found answers, with OFF's 404. */
export const NOT_FOUND_V3: FakeOffReply = { json: offAnswer('v3__get-unexisting-product.json'), status: 404 };
export const NOT_FOUND_V2: FakeOffReply = { json: offAnswer('v2__get-unexisting-product.json'), status: 404 };

export async function startFakeOff(reply: (code: string, version: string) => FakeOffReply = () => NOT_FOUND_V3) {
  const requests: FakeOffRequest[] = [];
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://off.localhost');
    const match = /^\/api\/(v[\d.]+)\/product\/(\d+)$/.exec(url.pathname);
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Page not found</h1>');
      return;
    }
    const [, version = '', code = ''] = match;
    requests.push({
      path: url.pathname,
      code,
      version,
      fields: url.searchParams.get('fields'),
      userAgent: req.headers['user-agent'] ?? '',
      at: performance.now(),
    });
    const answer = reply(code, version);
    const send = () => {
      if (res.destroyed) return;
      if ('redirect' in answer) {
        res.writeHead(302, { location: answer.redirect }).end();
      } else if ('json' in answer) {
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(answer.json));
      } else {
        const headers: Record<string, string> = { 'content-type': 'text/html' };
        if (answer.retryAfter !== undefined) headers['retry-after'] = answer.retryAfter;
        res.writeHead(answer.status, headers).end(`<html><body>${answer.status}</body></html>`);
      }
    };
    const delay = 'delayMs' in answer ? (answer.delayMs ?? 0) : 0;
    if (delay > 0) setTimeout(send, delay).unref();
    else send();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Requests for one code so far. */
    callsFor: (code: string) => requests.filter((r) => r.code === code).length,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeOff = Awaited<ReturnType<typeof startFakeOff>>;
