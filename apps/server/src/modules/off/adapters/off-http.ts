import http from 'node:http';
import https from 'node:https';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';

/** OFF asks every client to identify itself with an app name, version and contact. */
export const OFF_USER_AGENT = 'EtiquetaClara/1.0 (contacto@etiquetaclara.cl)';

export type OffFetchOptions = {
  signal?: AbortSignal;
  method?: 'GET' | 'HEAD';
  /**
   * Attempts after the first on 429 and 5xx: answers OFF gave, which say when to come back. A network failure
   * (no name, refused, reset, no answer in time) is not retried here: it fails the run at once, so a first load
   * without OFF says so within seconds, and the scheduler retries the run with its own backoff from its checkpoint.
   */
  retries?: number;
  /** First retry delay; doubles on every attempt (with jitter), unless the server sends Retry-After. */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header. */
  maxRetryAfterMs?: number;
  /**
   * From the request until the response headers arrive (name lookup, connection and OFF's answer); the body of a
   * multi-gigabyte export may take as long as it takes, as long as it keeps coming (the adapter's idle timeout).
   */
  headersTimeoutMs?: number;
};

/** An answer whose headers are in: the caller streams `body` (a Node stream, no web-stream layer) or reads `text()`. */
export type OffResponse = {
  status: number;
  /** The address finally answered, after redirects. */
  url: string;
  header: (name: string) => string | null;
  body: Readable;
  text: () => Promise<string>;
};

export class OffHttpError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'OffHttpError';
  }
}

const MAX_REDIRECTS = 5;

/** One request with node:http(s), following redirects; resolves when the final answer's headers are in. */
function request(url: string, method: string, signal: AbortSignal | undefined, headersTimeoutMs: number, redirects = 0): Promise<OffResponse> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === 'https:' ? https : http;
    const req = client.request(target, { method, headers: { 'User-Agent': OFF_USER_AGENT, 'Accept-Encoding': 'identity' }, signal });
    const timer = setTimeout(() => req.destroy(new Error(`sin respuesta en ${headersTimeoutMs / 1000} s`)), headersTimeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(Object.assign(err, { reusedSocket: req.reusedSocket }));
    });
    req.on('response', (res) => {
      clearTimeout(timer);
      const status = res.statusCode ?? 0;
      const location = res.headers.location;
      if (status >= 300 && status < 400 && location && redirects < MAX_REDIRECTS) {
        res.resume();
        request(new URL(location, target).href, method, signal, headersTimeoutMs, redirects + 1).then(resolve, reject);
        return;
      }
      const header = (name: string) => {
        const value = res.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      };
      const text = async () => {
        let out = '';
        res.setEncoding('utf8');
        for await (const chunk of res) out += chunk as string;
        return out;
      };
      resolve({ status, url: target.href, header, body: res, text });
    });
    req.end();
  });
}

/**
 * GET (or HEAD) a file from OFF's static server with OFF's User-Agent. 429 and 5xx answers are retried with
 * exponential backoff, obeying Retry-After (seconds or an HTTP date); other 4xx and network failures are final.
 * Resolves once the answer's headers are in: the caller streams the body. node:http rather than fetch: the
 * export is gigabytes, and fetch's web-stream layer cost about a third of the download-and-gunzip time.
 */
export async function fetchOff(url: string, options: OffFetchOptions = {}): Promise<OffResponse> {
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 2_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10 * 60_000;
  const headersTimeoutMs = options.headersTimeoutMs ?? 15_000;
  let staleSocketRetried = false;
  for (let attempt = 0; ; attempt++) {
    let response: OffResponse;
    try {
      response = await request(url, options.method ?? 'GET', options.signal, headersTimeoutMs);
    } catch (err) {
      if (options.signal?.aborted) throw err;
      // A kept-alive connection the server had just closed: not OFF failing, so asked again at once on a new one
      // (the case Node's `request.reusedSocket` exists for).
      const stale = err as { reusedSocket?: boolean; code?: string };
      if (stale.reusedSocket && stale.code === 'ECONNRESET' && !staleSocketRetried) {
        staleSocketRetried = true;
        attempt--;
        continue;
      }
      throw new OffHttpError(`error de red: ${err instanceof Error ? err.message : String(err)} en ${url}`, null);
    }
    if (response.status >= 200 && response.status < 300) return response;
    const failure = `HTTP ${response.status} en ${url}`;
    response.body.resume();
    if (response.status !== 429 && response.status < 500) throw new OffHttpError(failure, response.status);
    if (attempt >= retries) throw new OffHttpError(`${failure}${retries > 0 ? ` tras ${retries + 1} intentos` : ''}`, response.status);
    const retryAfterMs = parseRetryAfter(response.header('retry-after'));
    const delay = retryAfterMs !== null ? Math.min(retryAfterMs, maxRetryAfterMs) : backoffMs * 2 ** attempt * (0.75 + Math.random() * 0.5);
    await sleep(delay, undefined, { signal: options.signal });
  }
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null || header.trim() === '') return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - now) : null;
}
