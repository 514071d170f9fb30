import type { Product, SharedProduct } from '@etiqueta/contracts';
import { apiPaths } from '@etiqueta/contracts';
import { LRUCache } from 'lru-cache';
import { CARD_HEIGHT, CARD_WIDTH, renderCard } from './share-card.ts';
import { sharedDescription, sharedFacts, type SharedFacts } from './shared-facts.ts';

export type ShareService = ReturnType<typeof createShareService>;

/** Cards kept in memory, by size: a card is 40–80 KB, so ~250 of them (docs/sharing.md). */
export const CARD_CACHE_BYTES = 16 * 1024 * 1024;

/** HTML text in an attribute or an element: nothing a product's name holds can close either. */
export const htmlEscape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Sharing a product (issue 30 item 3, docs/sharing.md): the public facts of a product's link (its Open Graph and
 * Twitter meta, the same as JSON for the signed-out visitor's hint) and its card image, drawn once per version and
 * kept, least recently used first out, within `cacheBytes`. Every absolute address starts with `publicUrl`
 * (PUBLIC_URL), never the request's Host. Reads the product pages the API serves (in memory with PGlite).
 */
export function createShareService(deps: {
  pages: { json(id: number): Promise<string | Buffer | null> };
  publicUrl: string;
  cacheBytes?: number;
}) {
  const { pages, publicUrl } = deps;
  const host = new URL(publicUrl).host;
  const cards = new LRUCache<string, Buffer>({
    maxSize: deps.cacheBytes ?? CARD_CACHE_BYTES,
    sizeCalculation: (png) => png.length,
  });
  /** Cards being drawn: a second request for one waits for the same drawing. */
  const drawing = new Map<string, Promise<Buffer>>();
  let drawn = 0;

  async function facts(id: number): Promise<SharedFacts | null> {
    const json = await pages.json(id);
    if (json === null) return null;
    return sharedFacts(JSON.parse(json.toString()) as Product);
  }

  const cardUrl = (f: SharedFacts) => `${publicUrl}${apiPaths.share.card(f.id, f.version)}`;
  const pageUrl = (id: number) => `${publicUrl}/product/${id}`;

  return {
    /** The link's facts as JSON (`GET /api/share/products/:id`); null for no such product. */
    async preview(id: number): Promise<SharedProduct | null> {
      const f = await facts(id);
      if (!f) return null;
      return { id: f.id, name: f.name, brand: f.brand, score: f.score, scoreLabel: f.scoreLabel, seals: f.seals, imageUrl: cardUrl(f) };
    },

    /** The Open Graph and Twitter meta for /product/{id}'s HTML head, every value escaped; null for no such product. */
    async metaTags(id: number): Promise<string | null> {
      const f = await facts(id);
      if (!f) return null;
      const description = sharedDescription(f);
      const image = cardUrl(f);
      const alt = `${f.name}: ${description}`;
      const tags: [string, string, string][] = [
        ['property', 'og:type', 'website'],
        ['property', 'og:site_name', 'Etiqueta Clara'],
        ['property', 'og:locale', 'es_CL'],
        ['property', 'og:title', f.name],
        ['property', 'og:description', description],
        ['property', 'og:url', pageUrl(f.id)],
        ['property', 'og:image', image],
        ['property', 'og:image:type', 'image/png'],
        ['property', 'og:image:width', String(CARD_WIDTH)],
        ['property', 'og:image:height', String(CARD_HEIGHT)],
        ['property', 'og:image:alt', alt],
        ['name', 'twitter:card', 'summary_large_image'],
        ['name', 'twitter:title', f.name],
        ['name', 'twitter:description', description],
        ['name', 'twitter:image', image],
        ['name', 'twitter:image:alt', alt],
      ];
      return tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${htmlEscape(value)}">`).join('\n    ');
    },

    /**
     * The card (PNG) and its version; null for no such product. A card not kept yet is drawn after
     * `beforeDrawing` (the route's per-address limit, which may throw); a kept one costs nothing.
     */
    async card(id: number, beforeDrawing: () => Promise<void>): Promise<{ png: Buffer; version: string } | null> {
      const f = await facts(id);
      if (!f) return null;
      const key = `${f.id}:${f.version}`;
      const kept = cards.get(key);
      if (kept) return { png: kept, version: f.version };
      let pending = drawing.get(key);
      if (!pending) {
        await beforeDrawing();
        pending = drawing.get(key);
      }
      if (!pending) {
        pending = renderCard(f, host)
          .then((png) => {
            drawn += 1;
            cards.set(key, png);
            return png;
          })
          .finally(() => drawing.delete(key));
        drawing.set(key, pending);
      }
      return { png: await pending, version: f.version };
    },

    /** Cards drawn since start, and kept now (tests and the bench read them). */
    stats: () => ({ drawn, kept: cards.size, keptBytes: cards.calculatedSize }),
  };
}
