import { OFF_FIELDS, type OffProduct } from './off-product.ts';

/**
 * One product read from Open Food Facts' product API, pinned to v3.5: schema 1003, the same `nutrition` shape as
 * the stored documents the daily export and the delta files carry, so a live lookup and an import read one format.
 * (v3.6 differs only in tag fields we do not read; the mapper takes v2's flat `nutriments` too.)
 */
export const OFF_PRODUCT_API_VERSION = 'v3.5';

export type OffProductAnswer = { found: true; product: OffProduct } | { found: false };

/** OFF could not answer now (down, rate-limited, too slow, a body we cannot read): worth trying later. */
export class OffUnavailableError extends Error {
  constructor(
    message: string,
    /** How long OFF asked us to wait (its Retry-After), when it said. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'OffUnavailableError';
  }
}

/** What OFF's v3 and v2 product answers carry at the top level. */
type ProductEnvelope = {
  status?: unknown;
  product?: unknown;
  result?: { id?: unknown } | null;
};

export function offProductUrl(baseUrl: string, code: string): string {
  const params = new URLSearchParams({ fields: OFF_FIELDS.join(',') });
  return `${baseUrl.replace(/\/+$/, '')}/api/${OFF_PRODUCT_API_VERSION}/product/${encodeURIComponent(code)}?${params.toString()}`;
}

/**
 * GET one product. Found and not found are answers; anything else (network error, timeout, 429, 5xx, a body that
 * is not OFF's) throws OffUnavailableError. A redirect means the code belongs to another OFF project (Open Beauty
 * Facts…, per the `product_type` rules): not a food, so not found here.
 */
export async function fetchOffProduct(options: {
  baseUrl: string;
  userAgent: string;
  code: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<OffProductAnswer> {
  const fetchImpl = options.fetchImpl ?? fetch;
  let response: Response;
  try {
    response = await fetchImpl(offProductUrl(options.baseUrl, options.code), {
      headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    throw new OffUnavailableError(describeFetchError(err));
  }
  try {
    if (response.status >= 300 && response.status < 400) return { found: false };
    if (response.status === 429 || response.status >= 500) {
      throw new OffUnavailableError(`HTTP ${response.status}`, parseRetryAfter(response.headers.get('retry-after')));
    }
    if (response.status !== 200 && response.status !== 404) throw new OffUnavailableError(`HTTP ${response.status}`);
    let body: ProductEnvelope;
    try {
      body = (await response.json()) as ProductEnvelope;
    } catch (err) {
      throw new OffUnavailableError(`respuesta ilegible (${describeFetchError(err)})`);
    }
    if (body && typeof body === 'object') {
      const product = body.product;
      // v3: status success / success_with_warnings; v2: status 1.
      if ((body.status === 'success' || body.status === 'success_with_warnings' || body.status === 1) && isObject(product)) {
        return { found: true, product };
      }
      // v3: failure with result product_not_found; v2: status 0.
      if ((body.status === 'failure' && body.result?.id === 'product_not_found') || body.status === 0) return { found: false };
    }
    throw new OffUnavailableError(`HTTP ${response.status} sin un producto reconocible`);
  } finally {
    // Whatever was not read is let go, so the connection is not held.
    if (!response.bodyUsed) await response.body?.cancel().catch(() => undefined);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Retry-After in seconds or as an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const text = header.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeFetchError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'sin respuesta a tiempo';
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  return cause instanceof Error ? cause.message : String(cause);
}
