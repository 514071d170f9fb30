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

export const apiFetch = async (url: string, options: RequestOptions = {}): Promise<Response> => {
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

/** GET (or any method) that expects a JSON answer. An empty body (204) gives `undefined`. */
export const apiJson = async <T>(url: string, options: RequestOptions = {}): Promise<T> => {
  const response = await apiFetch(url, options);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
};
