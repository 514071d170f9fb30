// The search index's shapes: the documents it takes, the hits and pages it answers, and its posting lists.
import type { DietaryFacts } from './dietary-claims.ts';

export type SearchDoc<T> = {
  id: number;
  barcode: string;
  name: string;
  brand: string;
  /** The broad category's name ('Lácteos'). */
  categoryNames: readonly string[];
  /** Subcategory and sub-subcategory names ('Leches', 'Sin lactosa'): more specific, so they weigh more. */
  subcategoryNames: readonly string[];
  healthScore: number | null;
  /** What it says of sugar, lactose, gluten and salt ('sin azúcar', 'zero' queries); unknown when absent. */
  dietary?: DietaryFacts;
  /** What a hit carries back (the product summary in the app; anything in tests). */
  payload: T;
};

/**
 * 0: the name is the query; 1: the name starts with the query's words; 2: the name starts with the query, its
 * last word still being typed ('azucar' → 'Azucarera …'); 3: matched elsewhere.
 */
export type MatchTier = 0 | 1 | 2 | 3;

/**
 * `group` ranks before the tier: 0 when the product is what a 'sin X' or 'light' query asks for, higher for each
 * such wish it is not known to meet.
 */
export type SearchHit<T> = { id: number; payload: T; group: number; tier: MatchTier; score: number };

/** One page of hits, how many products match in all, and the corrections offered. */
export type SearchOutcome<T> = { hits: SearchHit<T>[]; total: number; suggestions: string[] };

export type SearchOptions = {
  /** Hits to skip, best first (a later page). */
  offset?: number;
  /** Product ids left out of the answer and the count (their entries are stale: another index holds them). */
  exclude?: ReadonlySet<number>;
};

export type SearchIndex<T> = {
  size: number;
  vocabularySize: number;
  search: (query: string, limit: number, options?: SearchOptions) => SearchOutcome<T>;
  /** Exact barcode lookup, trying the other EAN/UPC forms of the same code. */
  findByBarcode: (code: string) => T | null;
  /** The document with this product id, if indexed. */
  findById: (id: number) => T | null;
};

/** Shorter trimmed queries give nothing (the client does not search them either). */
export const MIN_QUERY_LENGTH = 2;
export const MAX_SUGGESTIONS = 5;

/** Per stem: the documents holding it (ascending), the fields it was in for each (bit mask), its weight. */
export type Postings = { docs: Int32Array; fields: Uint8Array; idf: number };
