import type { CatalogueWrites } from '../../lib/catalogue-writes.ts';
import { AppError, RetryLater } from '../../lib/errors.ts';
import { createReadCache } from '../../lib/read-cache.ts';
import type { AdditiveMatcher } from '../additives/additive-matcher.service.ts';
import type { LimitRule, SharedLimiter } from '../limits/limits.service.ts';
import type { CatalogueImportRepository, TaxonomyIds } from './catalogue-import.repository.ts';
import { writeMappedProducts } from './catalogue-import.service.ts';
import { mapOffProduct } from './mapper.ts';
import { normalizeBarcode } from '../off/off-nutrition.ts';
import { fetchOffProduct, OffUnavailableError } from '../off/off-product-api.ts';
import type { Logger } from '../../lib/logger.ts';

export type OffLiveLookupOptions = {
  /** Where the product is written: the catalogue's import side, the sync's own. */
  repo: CatalogueImportRepository;
  /** The app's one catalogue write path: commits, then tells search and the product pages. */
  catalogue: CatalogueWrites;
  matcher: { get: () => Promise<AdditiveMatcher> };
  log: Logger<'info' | 'warn'>;
  /** The limiter every process shares: the budget below is counted once for all of them. */
  limiter: SharedLimiter;
  baseUrl: string;
  /** OFF's required form: `AppName/Version (contact e-mail)`. */
  userAgent: string;
  /** Product reads a minute, for every process on this database together (OFF allows 15 per address). */
  perMinute: number;
  /** How long to wait for OFF's answer, headers and body. */
  timeoutMs: number;
  /** How long a code OFF does not have is remembered (not asked again). */
  missTtlMs: number;
  fetchImpl?: typeof fetch;
};

export type LookupResult = { id: number; barcode: string };

/** How many codes OFF lacks are remembered at once (a miss costs ~100 bytes). */
const MAX_REMEMBERED = 20_000;
/** The shared limiter's key for OFF's product-read budget: one for every process, as they leave by one address. */
export const OFF_READS_KEY = 'off:product-reads';

/**
 * A product found and stored is in the catalogue from then on; its entry here only has to bridge the moment until
 * the barcode index and the database answer for it, and must not outlive an admin deleting the product.
 */
const FOUND_TTL_MS = 60_000;

export const OFF_UNAVAILABLE_MESSAGE = 'No pudimos consultar Open Food Facts, intenta de nuevo en un momento';

const offUnavailable = () => new AppError(503, 'OFF_UNAVAILABLE', OFF_UNAVAILABLE_MESSAGE);

/**
 * One client's share of the OFF budget (issue 33): codes the catalogue lacks that one signed-in account, or one
 * anonymous network address, may send to Open Food Facts in a minute. Known codes, and codes already asked (found or
 * remembered missing), cost nothing. A signed-in person is counted by account, never by address: Chilean carriers
 * put many phones behind one address (CGNAT). README states the shares.
 */
export const OFF_LOOKUP_SHARES = {
  account: { limit: 6, windowMs: 60_000 },
  address: { limit: 3, windowMs: 60_000 },
} as const satisfies Record<string, LimitRule>;

/** Who asks, as the shared limiter's key of their share (`account:42`, `address:203.0.113.7`). */
export type LookupAsker = { key: string; rule: LimitRule };

/** One client spent their share: a 429 with how long to wait (sent as Retry-After). */
const lookupShareSpent = (retryAfterMs: number) =>
  new RetryLater(
    retryAfterMs,
    'LOOKUP_SHARE_SPENT',
    'Buscaste muchos códigos nuevos en poco rato. Espera un minuto e inténtalo de nuevo; los productos que ya tenemos siguen disponibles.',
  );

/**
 * A barcode the catalogue lacks, asked of Open Food Facts once: the product is mapped, classified, scored and
 * stored through the sync's write (admin locks respected), the catalogue signalled after commit, and its id given
 * back in the same request. A code OFF does not have (or whose record the mapper refuses) is remembered for hours;
 * concurrent requests for one code share one call. The shared limiter keeps every process together under OFF's
 * product-read limit (a sliding minute, counted in the database), and a 429/503 with Retry-After pauses them all; when there is no budget, or OFF is down or slow,
 * the answer is a 503 in Spanish, never a wait longer than `timeoutMs`.
 */
export function createOffLiveLookup(options: OffLiveLookupOptions) {
  const { repo, catalogue, log, limiter } = options;
  const budget = { limit: options.perMinute, windowMs: 60_000 };
  const outcomes = createReadCache<LookupResult | null>({
    maxEntries: MAX_REMEMBERED,
    ttlMs: options.missTtlMs,
    ttlFor: (found) => (found ? FOUND_TTL_MS : options.missTtlMs),
  });
  let taxonomy: Promise<TaxonomyIds> | null = null;

  /** Our taxonomy's ids, seeded on first use (a catalogue that never synced has none yet). */
  function taxonomyIds(): Promise<TaxonomyIds> {
    taxonomy ??= catalogue
      .write(async (tx, changed) => {
        changed.categories();
        return repo.seedTaxonomy(tx);
      })
      .catch((err: unknown) => {
        taxonomy = null;
        throw err;
      });
    return taxonomy;
  }

  async function fetchAndStore(code: string): Promise<LookupResult | null> {
    if (!(await limiter.take(OFF_READS_KEY, budget)).allowed) {
      log.warn({}, 'Open Food Facts lookup budget spent; answering 503');
      throw offUnavailable();
    }
    let answer;
    try {
      answer = await fetchOffProduct({
        baseUrl: options.baseUrl,
        userAgent: options.userAgent,
        code,
        timeoutMs: options.timeoutMs,
        fetchImpl: options.fetchImpl,
      });
    } catch (err) {
      if (!(err instanceof OffUnavailableError)) throw err;
      // Retry-After is obeyed for every code, up to an hour (a longer one is more likely a mistake than a plan).
      if (err.retryAfterMs !== null) await limiter.block(OFF_READS_KEY, Math.min(err.retryAfterMs, 3_600_000));
      log.warn({ reason: err.message, retryAfterMs: err.retryAfterMs }, 'Open Food Facts did not answer a product lookup');
      throw offUnavailable();
    }
    if (!answer.found) return null;
    const mapped = mapOffProduct({ ...answer.product, code: answer.product.code ?? code });
    if (!mapped.ok) {
      log.info({ reason: mapped.reason }, 'Open Food Facts product refused by the mapper; remembered as not found');
      return null;
    }
    const [ids, matcher] = await Promise.all([taxonomyIds(), options.matcher.get()]);
    return catalogue.write(async (tx, changed) => {
      await writeMappedProducts(tx, changed, repo, [mapped.product], ids, matcher, 'off-lookup');
      return repo.findIdByBarcode(tx, mapped.product.barcode);
    });
  }

  return {
    /**
     * The product for a code the catalogue lacks, fetched and stored now; null when OFF has no such food. `asker`'s
     * share is spent only when OFF has to be asked (not for a code already asked), and before the common budget,
     * so a client past its share takes nothing from anyone else.
     */
    lookup(code: string, asker?: LookupAsker | null): Promise<LookupResult | null> {
      const key = normalizeBarcode(code);
      return outcomes.getOrLoad(key, async () => {
        if (asker) {
          const share = await limiter.take(`off-share:${asker.key}`, asker.rule);
          if (!share.allowed) throw lookupShareSpent(share.retryAfterMs);
        }
        return fetchAndStore(key);
      });
    },
  };
}

export type OffLiveLookup = ReturnType<typeof createOffLiveLookup>;
