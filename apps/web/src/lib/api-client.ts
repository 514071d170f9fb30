import type { ApiAddress, EndpointAnswer, EndpointBody, EndpointKey, EndpointPath, HttpMethod } from '@etiqueta/contracts';

/**
 * The one way the web app talks to the API. Every call sends the session cookie and every non-OK
 * answer becomes an `ApiError` whose message is `{status}: {body text or status text}` (spec §7, §8).
 * Screens branch on `code`, the server's stable UPPER_SNAKE code (`{ code, message }` bodies), never on
 * the message text, and show `errorMessage(error)`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;
  /** The server's error code, when the body is the API's error shape; null otherwise. */
  readonly code: string | null;
  /** The server's Spanish sentence, when the body is the API's error shape; null otherwise. */
  readonly serverMessage: string | null;

  constructor(status: number, statusText: string, body: string) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    const shape = parseErrorShape(body);
    this.code = shape.code;
    this.serverMessage = shape.message;
  }
}

const parseErrorShape = (body: string): { code: string | null; message: string | null } => {
  try {
    const parsed = JSON.parse(body) as { code?: unknown; message?: unknown } | null;
    return {
      code: typeof parsed?.code === 'string' && parsed.code ? parsed.code : null,
      message: typeof parsed?.message === 'string' && parsed.message ? parsed.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
};

type RequestOptions = Omit<RequestInit, 'body'> & {
  /** Sent as JSON with the matching content type. */
  json?: unknown;
  /** Sent as multipart/form-data (files); the browser sets the content type with its boundary. */
  form?: FormData;
};

const request = async (url: string, options: RequestOptions = {}): Promise<Response> => {
  const { json, form, headers, ...init } = options;
  const requestHeaders = new Headers(headers);
  requestHeaders.set('accept', 'application/json');
  let body: BodyInit | undefined = form;
  if (json !== undefined) {
    requestHeaders.set('content-type', 'application/json');
    body = JSON.stringify(json);
  }
  const response = await fetch(url, { ...init, headers: requestHeaders, body, credentials: 'include' });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new ApiError(response.status, response.statusText, text);
  }
  return response;
};

/** The answer's JSON; an empty body (204) gives `undefined`. */
const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
};

/** The endpoint the table has for this method at this address's path template. */
type Key<P extends EndpointPath, M extends HttpMethod> = `${M} ${P}` & EndpointKey;
/** What a call to an endpoint may send: its method (GET when left out) and its JSON body, as the table types them. */
export type CallOptions<P extends EndpointPath, M extends HttpMethod> = Omit<RequestOptions, 'method' | 'json'> & {
  method?: M;
  json?: EndpointBody<Key<P, M>>;
};
/** An address whose path has no endpoint with this method does not compile. */
type Served<P extends EndpointPath, M extends HttpMethod> =
  `${M} ${P}` extends EndpointKey ? ApiAddress<P> : { 'no endpoint in the table for': `${M} ${P}` };

/** A call to the API; the answer is checked for its status but not read. */
export const apiFetch = <P extends EndpointPath, M extends HttpMethod = 'GET'>(
  address: ApiAddress<P> & Served<P, M>,
  options: CallOptions<P, M> = {},
): Promise<Response> => request(address, options);

/** A call whose JSON answer is typed by the endpoint table (its success answer). */
export const apiJson = async <P extends EndpointPath, M extends HttpMethod = 'GET'>(
  address: ApiAddress<P> & Served<P, M>,
  options: CallOptions<P, M> = {},
): Promise<EndpointAnswer<Key<P, M>>> => (await readJson(await request(address, options))) as EndpointAnswer<Key<P, M>>;

/**
 * A GET of one endpoint as a query: keyed by its address (the key a write invalidates, and the one the default
 * query function reads), its data the answer the endpoint table types.
 */
export const addressQuery = <P extends EndpointPath>(address: ApiAddress<P> & Served<P, 'GET'>) => ({
  queryKey: [address as string],
  queryFn: ({ signal }: { signal: AbortSignal }) => apiJson<P>(address, { signal }),
});

/**
 * A read of an address known only at run time (the default query function reads a query key's first element):
 * the one untyped way in, for code that cannot name its endpoint.
 */
export const readAddress = async (url: string, signal?: AbortSignal): Promise<unknown> => readJson(await request(url, { signal }));
