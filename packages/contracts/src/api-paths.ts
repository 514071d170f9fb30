/**
 * Every API address, one entry per resource: the web app calls these (and uses them as its query keys, spec
 * §7), and a server test checks that each one reaches a route. A route moved on the server and not here fails
 * that test instead of a shopper's screen.
 */
import type { ListingSort } from './catalogue.ts';

const segment = (value: string | number) => encodeURIComponent(String(value));
/** application/x-www-form-urlencoded, as URLSearchParams writes it (contracts has no DOM or Node types). */
const formEncode = (value: string) =>
  encodeURIComponent(value)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const text = Object.entries(query)
    .filter((e): e is [string, string] => !!e[1])
    .map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`)
    .join('&');
  return text ? `${path}?${text}` : path;
};

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

const listingQueryText = ({ sub2categories, filters = [], sugarMaxG, sort, page, betterThan }: ListingAddress) => ({
  sub2categories: sub2categories ?? undefined,
  filters: filters.length > 0 ? [...filters].sort().join(',') : undefined,
  sugarMaxG: sugarMaxG === null || sugarMaxG === undefined ? undefined : String(sugarMaxG),
  sort: sort === 'score' ? undefined : sort,
  page: page === undefined || page === 1 ? undefined : String(page),
  betterThan: betterThan === null || betterThan === undefined ? undefined : String(betterThan),
});

export const apiPaths = {
  health: '/api/health',
  auth: {
    status: '/api/auth/status',
    login: '/api/auth/login',
    logout: '/api/auth/logout',
  },
  categories: {
    list: '/api/categories',
    one: (slug: string) => `/api/categories/${segment(slug)}`,
    subcategories: (slug: string) => `/api/categories/${segment(slug)}/subcategories`,
    /** A listing page, with only the choices that differ from the defaults: each has its own cache entry. */
    products: (slug: string, listing: ListingAddress = {}) =>
      withQuery(`/api/categories/${segment(slug)}/products`, listingQueryText(listing)),
  },
  subcategories: {
    one: (slug: string) => `/api/subcategories/${segment(slug)}`,
    sub2categories: (slug: string) => `/api/subcategories/${segment(slug)}/sub2categories`,
    products: (slug: string, listing: ListingAddress = {}) =>
      withQuery(`/api/subcategories/${segment(slug)}/products`, listingQueryText(listing)),
  },
  products: {
    /** GET: the product page; PATCH: an admin's edit. */
    one: (id: string | number) => `/api/products/${segment(id)}`,
    /** "Mejores opciones": clearly better products of the same shelf. */
    alternatives: (id: string | number) => `/api/products/${segment(id)}/alternatives`,
    /** The admin table, a page at a time. */
    table: '/api/products',
  },
  search: {
    text: (q: string, limit: number) => withQuery('/api/v1/search', { q, limit: String(limit) }),
    barcode: (code: string) => `/api/search/barcode/${segment(code)}`,
  },
  signup: {
    status: '/api/signup/status',
    join: (list: 'beta' | 'waitlist') => `/api/signup/${list}`,
  },
  contact: '/api/contact',
  /** "Agregar este producto": POST multipart (photos and label values). */
  contributions: '/api/contributions',
  /** POST multipart (`photo`, `part`): the label read for the shopper (OCR), nothing stored. */
  readLabel: '/api/contributions/read-label',
  errorReports: '/api/error-reports',
  additives: {
    list: '/api/additives',
    one: (id: number) => `/api/additives/${segment(id)}`,
    rescoreStatus: '/api/additives/rescore-status',
  },
  admin: {
    users: '/api/admin/users',
    user: (id: number) => `/api/admin/users/${segment(id)}`,
    signups: '/api/admin/signups',
    promoteSignup: (id: number) => `/api/admin/signups/${segment(id)}/promote`,
    messages: '/api/admin/messages',
    message: (id: number) => `/api/admin/messages/${segment(id)}`,
    errorReports: '/api/admin/error-reports',
    errorReport: (id: number) => `/api/admin/error-reports/${segment(id)}`,
    /** A person's data served on request, by email in the POST body (never in the address). */
    personalData: { export: '/api/admin/personal-data/export', erase: '/api/admin/personal-data/erase' },
    /** Contributions by status (the query key's address, so each status has its own cache entry). */
    contributions: (status: 'pending' | 'approved' | 'rejected') => withQuery('/api/admin/contributions', { status }),
    approveContribution: (id: number) => `/api/admin/contributions/${segment(id)}/approve`,
    rejectContribution: (id: number) => `/api/admin/contributions/${segment(id)}/reject`,
  },
  account: {
    /** GET: Mi cuenta; PATCH: correct the name; DELETE: erase the account. */
    me: '/api/account',
    /** The JSON download (Content-Disposition: attachment). */
    export: '/api/account/export',
  },
  history: {
    /**
     * GET: the first page, newest first (the service worker keeps this answer for reading offline); POST: record
     * a view; DELETE: delete it all. Keep the address as it is: the offline cache matches it.
     */
    all: '/api/history',
    /** A search and/or a later page ("Ver más"); with neither it is `all`. */
    page: ({ q, cursor }: { q?: string; cursor?: string | null }) =>
      withQuery('/api/history', { q: q?.trim() || undefined, cursor: cursor ?? undefined }),
    /** DELETE: one entry. */
    entry: (id: number) => `/api/history/${segment(id)}`,
    /** PUT: turn recording on or off (off also deletes what was kept). */
    recording: '/api/history/recording',
  },
  sync: {
    status: '/api/sync/status',
    /** Public: the home page's first-load notice. */
    firstLoad: '/api/sync/first-load',
    testConnection: '/api/sync/test-connection',
    run: (kind: 'bulk' | 'incremental') => `/api/sync/${kind}`,
    runs: '/api/sync/runs',
    uncategorized: '/api/sync/uncategorized',
    dubious: '/api/sync/dubious',
  },
} as const;

/** The address prefixes whose answers carry product scores: what an edit or a re-score makes stale. */
export const PRODUCT_DATA_PATHS = ['/api/products', '/api/categories', '/api/subcategories', '/api/v1/search'] as const;
