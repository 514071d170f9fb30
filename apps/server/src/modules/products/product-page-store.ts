/**
 * The product pages the embedded database serves from a file of the data folder (ADR 029): written in the
 * background at start, the pages a committed write changed dropped and appended again alone, every read answered
 * from the file or, meanwhile, from the product answer's builder (product-detail.ts).
 */
import { readSync } from 'node:fs';
import { mkdir, open, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogueChange, CatalogueSignal } from '../../lib/catalogue-writes.ts';
import { rerunningJob } from '../../lib/rerunning-job.ts';
import type { ProductDetails } from './product-detail.ts';

/** Products read per query while the pages are loaded. */
const LOAD_PAGE = 1_000;
/** A page's place in its file: offset × 2²¹ + length (a page is far under 2 MB; offsets stay under 2³²). */
const LENGTH_BITS = 2 ** 21;

/**
 * One file of product pages: written once by a load (and appended to by refreshes), read at an offset. It is
 * unlinked as soon as it is opened, so it never outlives the process (a crash leaves nothing behind), and closed
 * when it is replaced (a read is synchronous, so none is ever in flight then).
 */
type PageFile = {
  handle: FileHandle;
  /** product id → offset × 2²¹ + length */
  places: Map<number, number>;
  size: number;
};

let pageFiles = 0;
async function openPageFile(folder: string): Promise<PageFile> {
  await mkdir(folder, { recursive: true });
  const name = path.join(folder, `.product-pages-${process.pid}-${(pageFiles += 1)}`);
  const handle = await open(name, 'w+', 0o600);
  await unlink(name);
  return { handle, places: new Map(), size: 0 };
}
async function append(file: PageFile, block: Buffer): Promise<number> {
  const at = file.size;
  file.size += block.length;
  let written = 0;
  while (written < block.length) {
    written += (await file.handle.write(block, written, block.length - written, at + written)).bytesWritten;
  }
  return at;
}
function close(file: PageFile) {
  void file.handle.close().catch(() => undefined);
}

/**
 * Product pages served from a file for the embedded database (ADR 006, ADR 028, ADR 029). With PGlite every query
 * runs on the server's own thread, so even a 0.4 ms primary-key read queues behind every other request; the whole
 * catalogue's pages are written in the background at start, each thousand in one write, to a file in `folder`
 * (the data folder) that only this process can reach, and a page is one positioned read of it (a few µs from the
 * kernel's file cache). The process keeps only each page's place (a number a product); the pages themselves sit in the
 * operating system's file cache, which the kernel fills from free memory and gives back under pressure — at
 * 50,000 products ~230 MB that used to be the server's own memory. The write path says which products a
 * committed write changed: those pages are read from the database at once and appended to the file again, so a
 * sync batch costs a few reads, not a reload of the catalogue; a change of unknown extent starts a new file. An
 * answer is never staler than the database. PGlite belongs to one process, so no other process can change it. With
 * `folder: null` (PostgreSQL, which answers from its own processes) every read goes to the database.
 */
export function createProductPageStore(deps: {
  details: ProductDetails;
  events: CatalogueSignal;
  log: FastifyBaseLogger;
  folder: string | null;
  /** Changes come in bursts (a sync batch, a re-score): wait this long after the last one, then load once. */
  debounceMs?: number;
}) {
  const { details, events, log, folder } = deps;
  let pages: PageFile | null = null;
  let generation = 0;
  let stopped = false;
  let debounceTimer: NodeJS.Timeout | undefined;
  let refreshTimer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  /** Products changed since their page was written: read from the database until refreshed, with how often they changed. */
  const stale = new Map<number, number>();
  let refreshing: Promise<void> | null = null;

  function replace(next: PageFile | null) {
    const old = pages;
    pages = next;
    if (old) close(old);
  }

  /** Writes the pages as UTF-8 bytes, a thousand to a write; returns where each went. */
  async function write(file: PageFile, page: { id: number; json: string }[]) {
    const lengths = page.map((p) => Buffer.byteLength(p.json));
    const block = Buffer.allocUnsafe(lengths.reduce((sum, n) => sum + n, 0));
    let at = 0;
    const offsets = page.map((p, i) => {
      block.write(p.json, at);
      at += lengths[i]!;
      return at - lengths[i]!;
    });
    const base = await append(file, block);
    return page.map((p, i) => [p.id, (base + offsets[i]!) * LENGTH_BITS + lengths[i]!] as const);
  }

  async function loadOnce() {
    const started = performance.now();
    const loadingGeneration = generation;
    const next = await openPageFile(folder!);
    let afterId = 0;
    for (;;) {
      const page = await details.page(afterId, LOAD_PAGE);
      // A change of unknown extent during the load: this copy may miss it; the load it scheduled starts over.
      if (loadingGeneration !== generation || stopped) return close(next);
      for (const [id, place] of await write(next, page)) next.places.set(id, place);
      if (page.length < LOAD_PAGE) break;
      afterId = page[page.length - 1]!.id;
      await yieldToEventLoop();
    }
    if (loadingGeneration !== generation || stopped) return close(next);
    // Products changed while the copy was read may be old in it: they stay out until refreshed.
    for (const id of stale.keys()) next.places.delete(id);
    replace(next);
    log.info(
      { products: next.places.size, megabytes: Math.round(next.size / 1_048_576), loadMs: Math.round(performance.now() - started) },
      'product pages written to their file',
    );
  }

  /** Reads the stale pages again, a chunk at a time; a page changed again meanwhile stays out for the next turn. */
  async function refreshOnce() {
    while (stale.size > 0 && pages && !stopped) {
      const file = pages;
      const chunk = [...stale].slice(0, LOAD_PAGE);
      const places = new Map(await write(file, await details.some(chunk.map(([id]) => id))));
      for (const [id, changes] of chunk) {
        if (stale.get(id) !== changes) continue;
        stale.delete(id);
        const place = places.get(id);
        if (place !== undefined && pages === file) file.places.set(id, place);
      }
      await yieldToEventLoop();
    }
  }
  function refresh() {
    if (refreshing || !pages) return;
    refreshing = refreshOnce()
      .catch((err: unknown) => log.error({ err }, 'refreshing product pages failed; they are read from the database'))
      .finally(() => {
        refreshing = null;
        if (stale.size > 0 && pages && !stopped) schedule(() => refresh());
      });
  }

  /** A load, then the pages that changed meanwhile; a failed load leaves the pages to the database. */
  const loads = rerunningJob(async () => {
    try {
      await loadOnce();
      refresh();
    } catch (err) {
      log.error({ err }, 'writing product pages failed; pages are read from the database');
    }
  }, () => stopped);

  function schedule(run: () => void) {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(run, deps.debounceMs ?? 250);
    refreshTimer.unref();
  }

  function onCatalogueChanged(change: CatalogueChange) {
    if (change.productIds !== null) {
      for (const id of change.productIds) {
        stale.set(id, (stale.get(id) ?? 0) + 1);
        pages?.places.delete(id);
      }
      if (change.productIds.length > 0 && !stopped) schedule(() => refresh());
      return;
    }
    generation += 1;
    replace(null);
    stale.clear();
    if (stopped) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void loads.run(), deps.debounceMs ?? 250);
    debounceTimer.unref();
  }

  /**
   * One positioned read on the main thread: the page is in the kernel's file cache, so it is a copy of a few KB
   * (~3 µs), cheaper than handing the read to libuv's thread pool and back (ADR 029, "Revised").
   */
  function fromFile(file: PageFile, place: number): Buffer {
    const length = place % LENGTH_BITS;
    const page = Buffer.allocUnsafe(length);
    const bytesRead = readSync(file.handle.fd, page, 0, length, (place - length) / LENGTH_BITS);
    if (bytesRead !== length) throw new Error(`short read: ${bytesRead} of ${length} bytes`);
    return page;
  }

  return {
    start() {
      if (folder === null) return;
      stopped = false;
      unsubscribe = events.onCatalogueChanged(onCatalogueChanged);
      void loads.run();
    },
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearTimeout(debounceTimer);
      clearTimeout(refreshTimer);
      await loads.running();
      await refreshing;
      replace(null);
    },
    /** Resolves when no load or refresh is running (for benchmarks and tests that want the steady state). */
    async settled() {
      while (loads.running() || refreshing) await (loads.running() ?? refreshing);
    },
    /** Whether the pages are currently answered from the file. */
    loaded: () => pages !== null,
    /** Whether this product's page is answered from the file. */
    holds: (id: number) => pages?.places.has(id) ?? false,
    /** The product page's JSON (text, or its UTF-8 bytes from the file), or null when there is no such product. */
    async json(id: number): Promise<string | Buffer | null> {
      const file = pages;
      const place = file?.places.get(id);
      if (file && place !== undefined) {
        try {
          return fromFile(file, place);
        } catch (err) {
          log.error({ err }, 'reading a product page from its file failed; it is read from the database');
        }
      }
      return details.json(id);
    },
  };
}
