/**
 * Every endpoint of the API, once: its method and path (the key), what it takes (params, query, body) and what it
 * answers, per status (zod). The server registers each route from its entry and refuses a route the table lacks
 * (apps/server/src/plugins/endpoint-table.ts); OpenAPI is generated from the entries; the web app's calls are
 * typed by them (`apiJson` in apps/web/src/lib/api-client.ts, through the addresses of api-paths.ts); the service
 * worker's URL tests come from `endpointPattern`. Adding an endpoint is adding its entry here first.
 *
 * Who may call an endpoint (guards), rate limits and the handler stay with the route, in its server module.
 * This module is imported at run time only by the server and build-time tools: the web app imports its types.
 */
import { z } from 'zod';
import { accountData, accountExport, accountNamePatch, personalDataRequest } from './account.ts';
import { additive, additiveWrite, additiveWriteResponse, rescoreStatus } from './additives.ts';
import {
  adminContactMessage,
  adminErrorReport,
  adminSignup,
  adminUser,
  adminUserPatch,
  handledPatch,
} from './admin.ts';
import { authStatusResponse, loginRequest, loginResponse, messageResponse } from './auth.ts';
import { category, listingPage, listingQuery, sub2category, subcategory } from './catalogue.ts';
import { errorResponse, healthResponse, idParam, slugParam } from './common.ts';
import {
  adminContribution,
  contributionApproval,
  contributionApproved,
  contributionCreated,
  contributionListQuery,
  contributionPhotoParam,
  contributionRejection,
  contributionReverted,
  contributionView,
  offWriteStatus,
} from './contributions.ts';
import {
  historyClearResponse,
  historyEntryParam,
  historyListQuery,
  historyPage,
  historyRecordingRequest,
  historyRecordingResponse,
  historyRecordRequest,
  historyRecordResponse,
} from './history.ts';
import {
  adminProductsPage,
  adminProductsQuery,
  product,
  productAlternatives,
  productPatch,
} from './products.ts';
import { labelReading } from './label-reading.ts';
import { shareCardQuery, sharedProduct } from './share.ts';
import { barcodeParam, barcodeResponse, searchQuery, searchResponse, suggestQuery, suggestResponse } from './search.ts';
import { contactRequest, errorReportRequest, signupRequest, signupResponse, signupStatus } from './signup.ts';
import {
  catalogueLoading,
  connectionTest,
  dubiousResponse,
  productListQuery,
  syncRunsQuery,
  syncRunsResponse,
  syncStatus,
  syncTrigger,
  uncategorizedResponse,
} from './sync.ts';

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** One endpoint: what it takes and answers (zod), and how OpenAPI names it. */
export type EndpointSpec = {
  tags: readonly string[];
  summary?: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Content types of the body, when it is not JSON (OpenAPI). */
  consumes?: readonly string[];
  /** Every status it answers with a body, each with that body's schema. */
  responses: Readonly<Partial<Record<number, z.ZodType>>>;
};

/** The API's error shape for each of these statuses: `{ code, message, details? }` in Spanish. */
const errors = <const S extends readonly number[]>(...statuses: S) =>
  Object.fromEntries(statuses.map((status) => [status, errorResponse])) as {
    [K in S[number]]: typeof errorResponse;
  };

const tag = {
  system: ['sistema'],
  session: ['sesión'],
  catalogue: ['catálogo'],
  search: ['búsqueda'],
  signup: ['registro'],
  contact: ['contacto'],
  admin: ['administración'],
  account: ['mi cuenta'],
  history: ['historial'],
  contributions: ['contribuciones'],
  sync: ['sincronización'],
  share: ['compartir'],
} as const;

const catalogueErrors = errors(400, 401, 404);
const adminErrors = errors(400, 401, 403, 404, 409);
/** Mi cuenta and Historial: the person's own data. */
const personalErrors = errors(400, 401, 403, 404, 429);
const syncErrors = errors(400, 401, 403, 409, 503);
const signupWrite = {
  body: signupRequest,
  responses: { 201: signupResponse, ...errors(400, 409, 429) },
} as const;
const sentMessage = { 201: messageResponse, ...errors(400, 401, 429) } as const;

export const endpoints = {
  // ── System and session ──────────────────────────────────────────────────────────────────────────────────────
  'GET /api/health': {
    tags: tag.system,
    summary: 'Estado del servidor y de la base de datos',
    responses: { 200: healthResponse, 503: healthResponse },
  },
  'GET /api/auth/status': {
    tags: tag.session,
    summary: 'Sesión actual',
    description: 'Con la base de datos caída, 503: la sesión no se pudo comprobar (no es lo mismo que no tener sesión).',
    responses: { 200: authStatusResponse, ...errors(503) },
  },
  'POST /api/auth/login': {
    tags: tag.session,
    summary:
      'Iniciar sesión: envía un código al email autorizado, o lo verifica (con la contraseña en cuentas privilegiadas); el código de una inscripción Beta pendiente toma su cupo (409 si se acabaron)',
    body: loginRequest,
    responses: { 200: loginResponse, ...errors(401, 409, 503) },
  },
  'POST /api/auth/logout': {
    tags: tag.session,
    summary: 'Cerrar sesión',
    responses: { 200: messageResponse },
  },

  // ── Catalogue: the category list is public (the home grid); the rest is for signed-in members ──────────────
  'GET /api/categories': {
    tags: tag.catalogue,
    summary: 'Categorías, por nombre',
    responses: { 200: z.array(category) },
  },
  'GET /api/categories/:slug': {
    tags: tag.catalogue,
    summary: 'Una categoría',
    params: slugParam,
    responses: { 200: category, ...catalogueErrors },
  },
  'GET /api/categories/:slug/subcategories': {
    tags: tag.catalogue,
    params: slugParam,
    responses: { 200: z.array(subcategory), ...catalogueErrors },
  },
  'GET /api/categories/:slug/products': {
    tags: tag.catalogue,
    summary: 'Los productos de una categoría, una página a la vez',
    params: slugParam,
    query: listingQuery,
    responses: { 200: listingPage, ...catalogueErrors },
  },
  'GET /api/subcategories/:slug': {
    tags: tag.catalogue,
    params: slugParam,
    responses: { 200: subcategory, ...catalogueErrors },
  },
  'GET /api/subcategories/:slug/products': {
    tags: tag.catalogue,
    summary: 'Los productos de una subcategoría, una página a la vez',
    params: slugParam,
    query: listingQuery,
    responses: { 200: listingPage, ...catalogueErrors },
  },
  'GET /api/subcategories/:slug/sub2categories': {
    tags: tag.catalogue,
    params: slugParam,
    responses: { 200: z.array(sub2category), ...catalogueErrors },
  },
  'GET /api/products/:id': {
    tags: tag.catalogue,
    summary: 'Un producto, con su análisis',
    params: idParam,
    responses: { 200: product, ...catalogueErrors },
  },
  'GET /api/products/:id/alternatives': {
    tags: tag.catalogue,
    summary: 'Productos del mismo estante claramente mejores, con la razón de cada uno',
    params: idParam,
    responses: { 200: productAlternatives, ...catalogueErrors },
  },

  // ── Sharing a product: public, so a link's preview and the signed-out visitor see what was shared ──────────
  'GET /api/share/products/:id': {
    tags: tag.share,
    summary: 'Lo que un enlace compartido muestra de un producto: nombre, marca, puntaje, sellos y la imagen',
    description: 'Público, como las etiquetas Open Graph de /product/{id}: nada más del producto. 404 si no existe.',
    params: idParam,
    responses: { 200: sharedProduct, ...errors(400, 404) },
  },
  /** A PNG, not JSON: only its errors have a schema. */
  'GET /api/share/products/:id/card.png': {
    tags: tag.share,
    summary: 'La imagen del enlace compartido (PNG 1200 × 630): nombre, marca, puntaje y sellos',
    description:
      'Se dibuja una vez por versión del puntaje y se guarda (ETag); `v` es esa versión. Dibujar imágenes que ' +
      'no están guardadas tiene un cupo por dirección (429 con Retry-After).',
    params: idParam,
    query: shareCardQuery,
    responses: errors(400, 404, 429),
  },

  // ── Search: both start on the home page, so both are public ────────────────────────────────────────────────
  'GET /api/v1/search': {
    tags: tag.search,
    summary: 'Buscar productos por nombre, marca, categoría o código de barras, con sugerencias',
    query: searchQuery,
    responses: { 200: searchResponse, ...errors(400, 503) },
  },
  'GET /api/v1/search/suggestions': {
    tags: tag.search,
    summary: 'Hasta 5 productos para el texto que se está escribiendo (desde 2 letras), del mismo índice que la búsqueda',
    query: suggestQuery,
    responses: { 200: suggestResponse, ...errors(400, 503) },
  },
  'GET /api/search/barcode/:code': {
    tags: tag.search,
    summary: 'El producto de un código EAN-13, EAN-8 o UPC-A',
    description:
      'Un código que el catálogo no tiene se consulta en Open Food Facts, y el producto se guarda: 404 cuando ' +
      'Open Food Facts no lo tiene, 503 cuando no se pudo consultar (caído, lento o sin cupo de consultas). ' +
      'Cada cliente tiene su parte del cupo: 6 códigos nuevos por minuto por cuenta con sesión, 3 por dirección ' +
      'sin sesión; pasada, 429 con Retry-After. Un código cuyo dígito verificador no cuadra y que el catálogo no ' +
      'tiene: 400.',
    params: barcodeParam,
    responses: { 200: barcodeResponse, ...errors(400, 404, 429, 503) },
  },

  // ── Beta sign-up, contact and error reports ─────────────────────────────────────────────────────────────────
  'GET /api/signup/status': {
    tags: tag.signup,
    summary: 'Cupos del programa Beta',
    responses: { 200: signupStatus },
  },
  'POST /api/signup/beta': { tags: tag.signup, summary: 'Pedir un cupo Beta: se toma al confirmar el email con el código', ...signupWrite },
  'POST /api/signup/waitlist': { tags: tag.signup, summary: 'Unirse a la lista de espera', ...signupWrite },
  'POST /api/contact': {
    tags: tag.contact,
    summary: 'Enviar un mensaje',
    body: contactRequest,
    responses: sentMessage,
  },
  'POST /api/error-reports': {
    tags: tag.contact,
    summary: 'Reportar un error en un producto',
    body: errorReportRequest,
    responses: sentMessage,
  },

  // ── Contributions: shoppers send or complete a product (multipart), admins review ──────────────────────────
  'POST /api/contributions': {
    tags: tag.contributions,
    summary:
      'Agregar o completar un producto: fotos (frente, ingredientes, tabla nutricional) y lo que dice la etiqueta',
    consumes: ['multipart/form-data'],
    responses: { 201: contributionCreated, ...adminErrors, ...errors(413, 415, 429) },
  },
  /** The label read for the shopper completing a product (OCR); nothing is stored. */
  'POST /api/contributions/read-label': {
    tags: tag.contributions,
    summary: 'Leer una foto de la etiqueta (ingredientes o tabla nutricional) para completar un producto',
    consumes: ['multipart/form-data'],
    responses: { 200: labelReading, ...errors(400, 401, 403, 413, 415, 422, 429, 503) },
  },
  'GET /api/contributions/:id': {
    tags: tag.contributions,
    summary: 'Mi contribución, con el producto calculado con lo que envié mientras se revisa (provisional)',
    params: idParam,
    responses: { 200: contributionView, ...errors(400, 401, 403, 404) },
  },
  /** A JPEG, not JSON: only its errors have a schema. */
  'GET /api/contributions/photos/:file': {
    tags: tag.contributions,
    summary: 'Una foto de una contribución (antes de aprobarla, solo quien la envió y los administradores)',
    params: contributionPhotoParam,
    responses: {},
  },
  'GET /api/admin/contributions': {
    tags: tag.contributions,
    summary: 'Contribuciones por estado',
    query: contributionListQuery,
    responses: { 200: z.array(adminContribution), ...adminErrors },
  },
  'GET /api/admin/off-write': {
    tags: tag.contributions,
    summary: 'Si las contribuciones aprobadas se envían a Open Food Facts',
    responses: { 200: offWriteStatus, ...adminErrors },
  },
  'POST /api/admin/contributions/:id/approve': {
    tags: tag.contributions,
    summary: 'Aprobar: el producto entra al catálogo',
    params: idParam,
    body: contributionApproval,
    responses: { 200: contributionApproved, ...adminErrors },
  },
  'POST /api/admin/contributions/:id/reject': {
    tags: tag.contributions,
    summary: 'Rechazar con un motivo',
    params: idParam,
    body: contributionRejection,
    responses: { 200: messageResponse, ...adminErrors },
  },

  'POST /api/admin/contributions/:id/seen': {
    tags: tag.contributions,
    summary: 'Visto: una publicación de un contribuidor de confianza, revisada; ya puede ir a Open Food Facts',
    params: idParam,
    responses: { 200: messageResponse, ...adminErrors },
  },
  'POST /api/admin/contributions/:id/revert': {
    tags: tag.contributions,
    summary: 'Revertir una publicación de un contribuidor de confianza: el producto vuelve a como estaba',
    params: idParam,
    responses: { 200: contributionReverted, ...adminErrors },
  },
  'POST /api/admin/contributions/:id/off-retry': {
    tags: tag.contributions,
    summary: 'Reintentar ahora el envío a Open Food Facts de una contribución con error',
    params: idParam,
    responses: { 200: messageResponse, ...adminErrors },
  },

  // ── Admin: additives, products, members, messages ──────────────────────────────────────────────────────────
  'GET /api/additives': { tags: tag.admin, responses: { 200: z.array(additive), ...adminErrors } },
  'GET /api/additives/rescore-status': {
    tags: tag.admin,
    summary: 'Estado del recálculo de puntajes',
    responses: { 200: rescoreStatus, ...adminErrors },
  },
  'POST /api/additives': {
    tags: tag.admin,
    body: additiveWrite,
    responses: { 201: additiveWriteResponse, ...adminErrors },
  },
  'PATCH /api/additives/:id': {
    tags: tag.admin,
    params: idParam,
    body: additiveWrite,
    responses: { 200: additiveWriteResponse, ...adminErrors },
  },
  'DELETE /api/additives/:id': {
    tags: tag.admin,
    params: idParam,
    responses: { 200: additiveWriteResponse, ...adminErrors },
  },
  'GET /api/products': {
    tags: tag.admin,
    summary: 'Tabla de productos (paginada)',
    query: adminProductsQuery,
    responses: { 200: adminProductsPage, ...errors(400, 401, 403, 404) },
  },
  'PATCH /api/products/:id': {
    tags: tag.admin,
    summary: 'Editar un producto y recalcular su puntaje',
    params: idParam,
    body: productPatch,
    responses: { 200: product, ...errors(400, 401, 403, 404) },
  },
  'GET /api/admin/users': { tags: tag.admin, responses: { 200: z.array(adminUser), ...adminErrors } },
  'PATCH /api/admin/users/:id': {
    tags: tag.admin,
    params: idParam,
    body: adminUserPatch,
    responses: { 200: adminUser, ...adminErrors },
  },
  'GET /api/admin/signups': { tags: tag.admin, responses: { 200: z.array(adminSignup), ...adminErrors } },
  'POST /api/admin/signups/:id/promote': {
    tags: tag.admin,
    params: idParam,
    responses: { 200: messageResponse, ...adminErrors },
  },
  'GET /api/admin/messages': {
    tags: tag.admin,
    responses: { 200: z.array(adminContactMessage), ...adminErrors },
  },
  'PATCH /api/admin/messages/:id': {
    tags: tag.admin,
    params: idParam,
    body: handledPatch,
    responses: { 200: messageResponse, ...adminErrors },
  },
  'GET /api/admin/error-reports': {
    tags: tag.admin,
    responses: { 200: z.array(adminErrorReport), ...adminErrors },
  },
  'PATCH /api/admin/error-reports/:id': {
    tags: tag.admin,
    params: idParam,
    body: handledPatch,
    responses: { 200: messageResponse, ...adminErrors },
  },
  'POST /api/admin/personal-data/export': {
    tags: tag.admin,
    summary: 'Entregar los datos de una persona que lo pidió por contacto',
    body: personalDataRequest,
    responses: { 200: accountExport, ...personalErrors },
  },
  'POST /api/admin/personal-data/erase': {
    tags: tag.admin,
    summary: 'Eliminar los datos de una persona que lo pidió por contacto',
    body: personalDataRequest,
    responses: { 200: messageResponse, ...personalErrors },
  },

  // ── Mi cuenta: the signed-in person's own data ─────────────────────────────────────────────────────────────
  'GET /api/account': {
    tags: tag.account,
    summary: 'Mis datos, tal como los guardamos',
    responses: { 200: accountData, ...personalErrors },
  },
  'PATCH /api/account': {
    tags: tag.account,
    summary: 'Corregir mi nombre',
    body: accountNamePatch,
    responses: { 200: accountData, ...personalErrors },
  },
  'DELETE /api/account': {
    tags: tag.account,
    summary: 'Eliminar mi cuenta y todos mis datos',
    responses: { 200: messageResponse, ...personalErrors },
  },
  'GET /api/account/export': {
    tags: tag.account,
    summary: 'Descargar mis datos (JSON)',
    responses: { 200: accountExport, ...personalErrors },
  },

  // ── Historial: each route is the signed-in person's own ────────────────────────────────────────────────────
  'GET /api/history': {
    tags: tag.history,
    summary: 'Mi historial: lo más reciente primero, con búsqueda y páginas',
    query: historyListQuery,
    responses: { 200: historyPage, ...personalErrors },
  },
  'POST /api/history': {
    tags: tag.history,
    summary: 'Anotar que abrí o escaneé un producto',
    body: historyRecordRequest,
    responses: { 200: historyRecordResponse, ...personalErrors },
  },
  'DELETE /api/history': {
    tags: tag.history,
    summary: 'Borrar todo mi historial',
    responses: { 200: historyClearResponse, ...personalErrors },
  },
  'DELETE /api/history/:entryId': {
    tags: tag.history,
    summary: 'Quitar un producto de mi historial',
    params: historyEntryParam,
    responses: { 200: messageResponse, ...personalErrors },
  },
  'PUT /api/history/recording': {
    tags: tag.history,
    summary: 'Guardar o dejar de guardar mi historial (dejar de guardarlo también lo borra)',
    body: historyRecordingRequest,
    responses: { 200: historyRecordingResponse, ...personalErrors },
  },

  // ── The data lake (sync): admin only, but for the home page's first-load notice ─────────────────────────────
  'GET /api/sync/first-load': {
    tags: tag.sync,
    summary: 'Primera carga del catálogo en curso',
    responses: { 200: catalogueLoading },
  },
  'GET /api/sync/status': {
    tags: tag.sync,
    summary: 'Estado de la sincronización',
    responses: { 200: syncStatus, ...syncErrors },
  },
  'POST /api/sync/test-connection': {
    tags: tag.sync,
    summary: 'Probar la conexión con la fuente de datos',
    responses: { 200: connectionTest, ...syncErrors },
  },
  'POST /api/sync/bulk': {
    tags: tag.sync,
    summary: 'Iniciar una sincronización completa',
    responses: { 200: syncTrigger, ...syncErrors },
  },
  'POST /api/sync/incremental': {
    tags: tag.sync,
    summary: 'Iniciar una sincronización incremental',
    responses: { 200: syncTrigger, ...syncErrors },
  },
  'GET /api/sync/runs': {
    tags: tag.sync,
    summary: 'Historial de sincronizaciones',
    query: syncRunsQuery,
    responses: { 200: syncRunsResponse, ...syncErrors },
  },
  'GET /api/sync/uncategorized': {
    tags: tag.sync,
    summary: 'Productos sin categoría',
    query: productListQuery,
    responses: { 200: uncategorizedResponse, ...syncErrors },
  },
  'GET /api/sync/dubious': {
    tags: tag.sync,
    summary: 'Productos con datos dudosos',
    query: productListQuery,
    responses: { 200: dubiousResponse, ...syncErrors },
  },
} as const satisfies Record<`${HttpMethod} /api/${string}`, EndpointSpec>;

// ── Types read from the table (the web app imports only these) ─────────────────────────────────────────────────

export type Endpoints = typeof endpoints;
/** `'GET /api/products/:id'`: an endpoint's method and path template. */
export type EndpointKey = keyof Endpoints;
export type MethodOf<K extends EndpointKey> = K extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type PathOf<K extends EndpointKey> = K extends `${HttpMethod} ${infer P}` ? P : never;
/** Every path template of the table (`'/api/products/:id'`). */
export type EndpointPath = PathOf<EndpointKey>;
/** The methods the table has at this path. */
export type MethodAt<P extends string> = {
  [K in EndpointKey]: K extends `${infer M extends HttpMethod} ${P}` ? M : never;
}[EndpointKey];
/** The names of a path template's `:params`. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer Rest}`
  ? N | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer N}`
    ? N
    : never;

type Field<K extends EndpointKey, F extends string> = Endpoints[K] extends {
  [k in F]: infer S extends z.ZodType;
}
  ? S
  : undefined;
/** What the endpoint's body may be, as sent (`undefined` when it takes no JSON body). */
export type EndpointBody<K extends EndpointKey> =
  Field<K, 'body'> extends z.ZodType ? z.input<Field<K, 'body'>> : undefined;
/** The names its query string may carry. */
export type EndpointQueryName<K extends EndpointKey> =
  Field<K, 'query'> extends z.ZodType ? keyof z.input<Field<K, 'query'>> & string : never;
type Responses<K extends EndpointKey> = Endpoints[K]['responses'];
/** Its answer with this status, as received. */
export type EndpointResponse<K extends EndpointKey, S extends number> = S extends keyof Responses<K>
  ? Responses<K>[S] extends z.ZodType
    ? z.output<Responses<K>[S]>
    : never
  : never;
type SuccessStatus = 200 | 201 | 202 | 204;
/** Its answer when it succeeds (any 2xx it declares). */
export type EndpointAnswer<K extends EndpointKey> = EndpointResponse<K, SuccessStatus>;

// ── Run-time helpers ───────────────────────────────────────────────────────────────────────────────────────────

export const endpointKeys = Object.keys(endpoints) as EndpointKey[];

/** `'GET /api/products/:id'` → `{ method: 'GET', path: '/api/products/:id' }`. */
export function splitEndpointKey<K extends EndpointKey>(key: K): { method: MethodOf<K>; path: PathOf<K> } {
  const space = key.indexOf(' ');
  return { method: key.slice(0, space) as MethodOf<K>, path: key.slice(space + 1) as PathOf<K> };
}

/**
 * The source of a regular expression for the pathnames of these endpoints (a `:param` is one non-empty segment),
 * a non-capturing group without anchors. The service worker's URL tests are built from it (apps/web/pwa.config.ts).
 */
export function endpointPathPattern(...keys: readonly EndpointKey[]): string {
  const paths = [...new Set(keys.map((key) => splitEndpointKey(key).path))];
  const alternatives = paths.map((path) =>
    path
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/?#]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('\\/'),
  );
  return `(?:${alternatives.join('|')})`;
}
