/**
 * Every API address, built from the endpoint table's path templates: the web app calls these (and uses them as its
 * query keys, spec §7), e2e journeys and benches request them. Each address remembers its template in its type
 * (`ApiAddress<'/api/products/:id'>`), so a call made with it is typed by that endpoint's entry (body, answer) and
 * a template the table lacks does not compile. Only types come from the table here: the home page's first load
 * must not carry every zod schema.
 */
import type { ListingSort } from './catalogue.ts';
import type { EndpointKey, EndpointPath, EndpointQueryName, ParamNames } from './endpoints.ts';

declare const pathTemplate: unique symbol;
/** An address of the API; at run time a plain string, in types tied to its endpoints' path template. */
export type ApiAddress<P extends EndpointPath = EndpointPath> = string & { readonly [pathTemplate]: P };

type ParamValues<P extends string> = Record<ParamNames<P>, string | number>;
/** `'/api/products/:id'`, `{ id: 12 }` → `/api/products/12` (each param encoded as one path segment). */
export function address<P extends EndpointPath>(
  template: P,
  ...[params]: [ParamNames<P>] extends [never] ? [] : [ParamValues<P>]
): ApiAddress<P> {
  const values = (params ?? {}) as Record<string, string | number>;
  return template.replace(/:(\w+)/g, (_match, name: string) => encodeURIComponent(String(values[name]))) as ApiAddress<P>;
}

/** application/x-www-form-urlencoded, as URLSearchParams writes it (contracts has no DOM or Node types). */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');

type QueryNameAt<P extends EndpointPath> = `GET ${P}` extends EndpointKey ? EndpointQueryName<`GET ${P}`> : never;
/** A query string's values; null, undefined and empty ones are left out, so each choice has one address. */
export type QueryValues<P extends EndpointPath> = Partial<Record<QueryNameAt<P>, string | number | null | undefined>>;

/** The address with a query string the endpoint's GET takes (its names checked against the table's schema). */
export function withQuery<P extends EndpointPath>(base: ApiAddress<P>, query: QueryValues<P>): ApiAddress<P> {
  const text = Object.entries(query as Record<string, string | number | null | undefined>)
    .filter((entry): entry is [string, string | number] => entry[1] !== null && entry[1] !== undefined && entry[1] !== '')
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return (text ? `${base}?${text}` : base) as ApiAddress<P>;
}

/** What a listing address may carry (`listingQuery`); null, empty and default values are left out. */
export type ListingAddress = {
  sub2categories?: string | null;
  filters?: readonly string[];
  sugarMaxG?: number | null;
  sort?: ListingSort;
  page?: number;
  /** "Solo mejores que X": only products clearly better than this one. */
  betterThan?: number | null;
};

const listingQueryText = ({ sub2categories, filters = [], sugarMaxG, sort, page, betterThan }: ListingAddress) =>
  ({
    sub2categories,
    filters: filters.length > 0 ? [...filters].sort().join(',') : undefined,
    sugarMaxG,
    sort: sort === 'score' ? undefined : sort,
    page: page === 1 ? undefined : page,
    betterThan,
  }) satisfies QueryValues<'/api/categories/:slug/products'>;

export const apiPaths = {
  health: address('/api/health'),
  auth: {
    status: address('/api/auth/status'),
    login: address('/api/auth/login'),
    logout: address('/api/auth/logout'),
  },
  categories: {
    list: address('/api/categories'),
    one: (slug: string) => address('/api/categories/:slug', { slug }),
    subcategories: (slug: string) => address('/api/categories/:slug/subcategories', { slug }),
    /** A listing page, with only the choices that differ from the defaults: each has its own cache entry. */
    products: (slug: string, listing: ListingAddress = {}) =>
      withQuery(address('/api/categories/:slug/products', { slug }), listingQueryText(listing)),
  },
  subcategories: {
    one: (slug: string) => address('/api/subcategories/:slug', { slug }),
    sub2categories: (slug: string) => address('/api/subcategories/:slug/sub2categories', { slug }),
    products: (slug: string, listing: ListingAddress = {}) =>
      withQuery(address('/api/subcategories/:slug/products', { slug }), listingQueryText(listing)),
  },
  products: {
    /** GET: the product page; PATCH: an admin's edit. */
    one: (id: string | number) => address('/api/products/:id', { id }),
    /** "Mejores opciones": clearly better products of the same shelf. */
    alternatives: (id: string | number) => address('/api/products/:id/alternatives', { id }),
    /** The admin table (its query key); a page of it is `withQuery(table, { q, page, pageSize })`. */
    table: address('/api/products'),
  },
  search: {
    /** A page of results; page 1 (the default) keeps the address without `page`, so one cache entry. */
    text: (q: string, limit: number, page = 1) =>
      withQuery(address('/api/v1/search'), { q, limit, page: page === 1 ? null : page }),
    /** The box's suggestions while typing (at most 5 products). */
    suggestions: (q: string) => withQuery(address('/api/v1/search/suggestions'), { q }),
    barcode: (code: string) => address('/api/search/barcode/:code', { code }),
  },
  share: {
    /** Public: what a shared product's link shows (its Open Graph meta, as JSON). */
    product: (id: string | number) => address('/api/share/products/:id', { id }),
    /** Public: the link's card image (PNG); `v` is its version. */
    card: (id: string | number, v?: string) => withQuery(address('/api/share/products/:id/card.png', { id }), { v }),
  },
  signup: {
    status: address('/api/signup/status'),
    join: (list: 'beta' | 'waitlist') =>
      list === 'beta' ? address('/api/signup/beta') : address('/api/signup/waitlist'),
  },
  contact: address('/api/contact'),
  /** "Agregar este producto" / "Completar este producto": POST multipart (photos and label values). */
  contributions: address('/api/contributions'),
  /** One's own contribution, with the provisional product while it waits. */
  contribution: (id: number) => address('/api/contributions/:id', { id }),
  /** POST multipart (`photo`, `part`): the label read for the shopper (OCR), nothing stored. */
  readLabel: address('/api/contributions/read-label'),
  /** A contributed photo (a JPEG; until its contribution is approved, its sender's and the admins' only). */
  contributionPhoto: (file: string) => address('/api/contributions/photos/:file', { file }),
  errorReports: address('/api/error-reports'),
  additives: {
    list: address('/api/additives'),
    one: (id: number) => address('/api/additives/:id', { id }),
    rescoreStatus: address('/api/additives/rescore-status'),
  },
  admin: {
    users: address('/api/admin/users'),
    user: (id: number) => address('/api/admin/users/:id', { id }),
    signups: address('/api/admin/signups'),
    promoteSignup: (id: number) => address('/api/admin/signups/:id/promote', { id }),
    messages: address('/api/admin/messages'),
    message: (id: number) => address('/api/admin/messages/:id', { id }),
    errorReports: address('/api/admin/error-reports'),
    errorReport: (id: number) => address('/api/admin/error-reports/:id', { id }),
    /** A person's data served on request, by email in the POST body (never in the address). */
    personalData: {
      export: address('/api/admin/personal-data/export'),
      erase: address('/api/admin/personal-data/erase'),
    },
    /** Contributions by status (the query key's address, so each status has its own cache entry). */
    contributions: (status: 'pending' | 'approved' | 'rejected' | 'trusted') =>
      withQuery(address('/api/admin/contributions'), { status }),
    offWrite: address('/api/admin/off-write'),
    approveContribution: (id: number) => address('/api/admin/contributions/:id/approve', { id }),
    rejectContribution: (id: number) => address('/api/admin/contributions/:id/reject', { id }),
    seenContribution: (id: number) => address('/api/admin/contributions/:id/seen', { id }),
    revertContribution: (id: number) => address('/api/admin/contributions/:id/revert', { id }),
    retryOffSending: (id: number) => address('/api/admin/contributions/:id/off-retry', { id }),
  },
  account: {
    /** GET: Mi cuenta; PATCH: correct the name; DELETE: erase the account. */
    me: address('/api/account'),
    /** The JSON download (Content-Disposition: attachment). */
    export: address('/api/account/export'),
  },
  history: {
    /**
     * GET: the first page, newest first (the service worker keeps this answer for reading offline); POST: record
     * a view; DELETE: delete it all. Keep the address as it is: the offline cache matches it.
     */
    all: address('/api/history'),
    /** A search and/or a later page ("Ver más"); with neither it is `all`. */
    page: ({ q, cursor }: { q?: string; cursor?: string | null }) =>
      withQuery(address('/api/history'), { q: q?.trim(), cursor }),
    /** DELETE: one entry. */
    entry: (id: number) => address('/api/history/:entryId', { entryId: id }),
    /** PUT: turn recording on or off (off also deletes what was kept). */
    recording: address('/api/history/recording'),
  },
  sync: {
    status: address('/api/sync/status'),
    /** Public: the home page's first-load notice. */
    firstLoad: address('/api/sync/first-load'),
    testConnection: address('/api/sync/test-connection'),
    run: (kind: 'bulk' | 'incremental') => (kind === 'bulk' ? address('/api/sync/bulk') : address('/api/sync/incremental')),
    /** The last runs (its query key); a page is `withQuery(runs, { limit })`. */
    runs: address('/api/sync/runs'),
    /** The data-lake screen's product lists (their query keys); a page is `withQuery(…, { limit, offset })`. */
    uncategorized: address('/api/sync/uncategorized'),
    dubious: address('/api/sync/dubious'),
  },
};

/** The address prefixes whose answers carry product scores: what an edit or a re-score makes stale. */
export const PRODUCT_DATA_PATHS = ['/api/products', '/api/categories', '/api/subcategories', '/api/v1/search'] as const;
