import { setTimeout as sleep } from 'node:timers/promises';
import { OFF_FIELDS, type OffProduct } from '../off-product.ts';
import type { ConnectionResult, DataLakeAdapter, ReadOptions, SourceRecord } from './data-lake-adapter.ts';

/** OFF asks every client to identify itself with an app name, version and contact. */
export const OFF_USER_AGENT = 'EtiquetaClara/1.0 (contacto@etiquetaclara.cl)';

export type OffApiOptions = {
  baseUrl: string;
  /** OFF's v2 search answers up to 100 products per page comfortably. */
  pageSize?: number;
  /**
   * Minimum time between two requests. OFF allows 10 search requests per minute per client, hence 6 s by
   * default; tests against a local server set 0.
   */
  minIntervalMs?: number;
  maxRetries?: number;
  /** First retry delay; doubles on every attempt (with jitter), unless the server sends Retry-After. */
  backoffMs?: number;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
};

/** OFF's v2 search envelope. */
type SearchPage = { count?: number; page?: number; page_size?: number; page_count?: number; products?: OffProduct[] };

/** The products sold in Chile from OFF's API v2, most recently modified first. */
export function createOffApiAdapter(options: OffApiOptions): DataLakeAdapter {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const pageSize = options.pageSize ?? 100;
  const minIntervalMs = options.minIntervalMs ?? 6_000;
  const maxRetries = options.maxRetries ?? 4;
  const backoffMs = options.backoffMs ?? 2_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetchImpl = options.fetchImpl ?? fetch;
  let lastRequestAt = 0;

  function searchUrl(page: number, size: number): string {
    const params = new URLSearchParams({
      countries_tags_en: 'chile',
      sort_by: 'last_modified_t',
      page: String(page),
      page_size: String(size),
      fields: OFF_FIELDS.join(','),
    });
    return `${baseUrl}/api/v2/search?${params.toString()}`;
  }

  async function getJson(url: string, signal?: AbortSignal, retries = maxRetries, timeout = timeoutMs): Promise<SearchPage> {
    let attempt = 0;
    for (;;) {
      const wait = lastRequestAt + minIntervalMs - Date.now();
      if (wait > 0) await sleep(wait, undefined, { signal });
      lastRequestAt = Date.now();
      let retryAfterMs: number | null = null;
      let failure: string;
      try {
        const response = await fetchImpl(url, {
          headers: { 'User-Agent': OFF_USER_AGENT, Accept: 'application/json' },
          signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(timeout)]) : AbortSignal.timeout(timeout),
        });
        if (response.ok) return (await response.json()) as SearchPage;
        failure = `HTTP ${response.status}`;
        // 4xx other than rate limiting will not get better by retrying.
        if (response.status !== 429 && response.status < 500) throw new OffApiError(failure, false);
        const header = response.headers.get('retry-after');
        if (header !== null && Number.isFinite(Number(header))) retryAfterMs = Number(header) * 1000;
        await response.body?.cancel();
      } catch (err) {
        if (err instanceof OffApiError) throw err;
        if (signal?.aborted) throw err;
        failure = `error de red: ${err instanceof Error ? err.message : String(err)}`;
      }
      attempt++;
      if (attempt > retries) throw new OffApiError(retries > 0 ? `${failure} tras ${retries + 1} intentos` : failure, true);
      const delay = retryAfterMs ?? backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5);
      await sleep(delay, undefined, { signal });
    }
  }

  async function* read(opts: ReadOptions): AsyncGenerator<SourceRecord> {
    const [resumePage, resumeIndex] = parseCursor(opts.cursor);
    const sinceSeconds = opts.since ? opts.since.getTime() / 1000 : null;
    let page = resumePage;
    for (;;) {
      const body = await getJson(searchUrl(page, pageSize), opts.signal);
      const products = body.products ?? [];
      for (let i = 0; i < products.length; i++) {
        if (page === resumePage && i <= resumeIndex) continue;
        const product = products[i];
        if (!product) continue;
        // Pages come newest first: on an incremental run the first product older than the watermark ends it.
        if (opts.kind === 'incremental' && sinceSeconds !== null && Number(product.last_modified_t ?? 0) <= sinceSeconds) {
          return;
        }
        const seconds = Number(product.last_modified_t);
        yield { cursor: `${page}:${i}`, product, modifiedAt: seconds > 0 ? new Date(seconds * 1000) : null };
      }
      // OFF's `page_count` is the number of products on this page, not the number of pages: use `count`.
      const total = body.count ?? 0;
      if (products.length < pageSize || page * pageSize >= total) return;
      page++;
    }
  }

  return {
    source: 'off',
    async testConnection(): Promise<ConnectionResult> {
      try {
        // One quick attempt: an admin waiting on the button wants an answer, not a backoff schedule.
        const body = await getJson(searchUrl(1, 1), undefined, 0, Math.min(timeoutMs, 10_000));
        return {
          connected: true,
          message: `Conectado a Open Food Facts: ${body.count ?? 0} productos de Chile disponibles`,
        };
      } catch (err) {
        return {
          connected: false,
          message: `No se pudo conectar con Open Food Facts (${err instanceof Error ? err.message : String(err)})`,
        };
      }
    },
    read,
  };
}

export class OffApiError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'OffApiError';
  }
}

/** "page:index" of the last committed product; page 1, before the first product, when absent. */
function parseCursor(cursor: string | null): [number, number] {
  const match = /^(\d+):(\d+)$/.exec(cursor ?? '');
  if (!match) return [1, -1];
  return [Number(match[1]), Number(match[2])];
}
