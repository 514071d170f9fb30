import { setTimeout as sleep } from 'node:timers/promises';

/** OFF asks every client to identify itself with an app name, version and contact. */
export const OFF_USER_AGENT = 'EtiquetaClara/1.0 (contacto@etiquetaclara.cl)';

export type OffFetchOptions = {
  signal?: AbortSignal;
  method?: 'GET' | 'HEAD';
  /** Attempts after the first on 429, 5xx and network errors. */
  retries?: number;
  /** First retry delay; doubles on every attempt (with jitter), unless the server sends Retry-After. */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header. */
  maxRetryAfterMs?: number;
  /** Until the response headers arrive; the body of a multi-gigabyte export may take as long as it takes. */
  headersTimeoutMs?: number;
  fetchImpl?: typeof fetch;
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

/**
 * GET (or HEAD) a file from OFF's static server with OFF's User-Agent. 429 and 5xx answers and network errors
 * are retried with exponential backoff, obeying Retry-After (seconds or an HTTP date); other 4xx are final.
 * Resolves with the response once its headers are in: the caller streams the body.
 */
export async function fetchOff(url: string, options: OffFetchOptions = {}): Promise<Response> {
  const retries = options.retries ?? 4;
  const backoffMs = options.backoffMs ?? 2_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10 * 60_000;
  const headersTimeoutMs = options.headersTimeoutMs ?? 30_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  for (let attempt = 0; ; attempt++) {
    let failure: string;
    let retryAfterMs: number | null = null;
    let status: number | null = null;
    const headersTimeout = new AbortController();
    const timer = setTimeout(() => headersTimeout.abort(new Error(`sin respuesta en ${headersTimeoutMs / 1000} s`)), headersTimeoutMs);
    try {
      const response = await fetchImpl(url, {
        method: options.method ?? 'GET',
        headers: { 'User-Agent': OFF_USER_AGENT },
        signal: options.signal ? AbortSignal.any([options.signal, headersTimeout.signal]) : headersTimeout.signal,
      });
      clearTimeout(timer);
      if (response.ok) return response;
      status = response.status;
      failure = `HTTP ${response.status}`;
      await response.body?.cancel();
      if (response.status !== 429 && response.status < 500) throw new OffHttpError(`${failure} en ${url}`, status);
      retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
    } catch (err) {
      clearTimeout(timer);
      if (err instanceof OffHttpError || options.signal?.aborted) throw err;
      const cause: unknown = headersTimeout.signal.aborted ? headersTimeout.signal.reason : err;
      failure = `error de red: ${cause instanceof Error ? cause.message : String(cause)}`;
    }
    if (attempt >= retries) {
      throw new OffHttpError(`${failure} en ${url}${retries > 0 ? ` tras ${retries + 1} intentos` : ''}`, status);
    }
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
