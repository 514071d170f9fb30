import { maskEmails } from './request-log.ts';

/**
 * What an error may put in the log. A failed query carries what it was sent: Drizzle's `DrizzleQueryError` writes
 * its parameters into its message and stack ("params: ana@…, Llámame al +56 9…, <a session's token hash>"), and
 * a PostgreSQL error's `detail`, `where` and `internalQuery` repeat values ("Key (email)=(ana@…) already exists").
 * The host keeps logs for 30 days, out of reach of a person's erasure, so none of that is written: this serializer
 * (pino's `err`, for every logger of the server) keeps the error's kind, its SQLSTATE or errno code, its message
 * without the parameters, the query's text (placeholders, never values) and the stack's frames, each cause
 * likewise; and whatever is left, it masks emails, long tokens and phone-like digit runs.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: redactText(String(error)), stack: '' };
  const message = redactText(withoutParams(error.message));
  const out: LoggedError = { type: error.name, message, stack: '' };
  const fields = error as Error & { code?: unknown; severity?: unknown; query?: unknown; errno?: unknown };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') out.code = fields.code;
  if (typeof fields.severity === 'string') out.severity = fields.severity;
  if (typeof fields.query === 'string') out.query = redactText(fields.query).slice(0, MAX_QUERY_CHARS);
  if (error.stack) out.stack = [`${error.name}: ${message}`, ...frames(error.stack)].join('\n');
  if (depth < MAX_DEPTH) {
    if (error.cause !== undefined) out.cause = errorForLog(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = error.errors.slice(0, 5).map((e: unknown) => errorForLog(e, depth + 1));
  }
  return out;
}

/** What pino's `err` serializer must give (type, message, stack), and the few fields kept besides. */
export type LoggedError = { type: string; message: string; stack: string; [field: string]: unknown };

const MAX_DEPTH = 5;
const MAX_QUERY_CHARS = 2_000;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values go. */
const withoutParams = (message: string) => message.replace(/\n\s*params:[\s\S]*$/, '');

/** The "    at …" lines of a stack: the code's path, never data. */
const frames = (stack: string) => stack.split('\n').filter((line) => /^\s+at /.test(line));

/**
 * A session token (base64url), its SHA-256 (hex), a code hash: an unbroken run of 32+ token characters with a
 * digit and a letter in it (a table or index name has no such run).
 */
const TOKEN_LIKE = /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g;
/** A phone number or any long number someone typed: 7 or more digits, spaces, dots or dashes between them allowed. */
const PHONE_LIKE = /\+?\d(?:[\s.-]?\d){6,}/g;

/** Emails, token-like strings and phone-like numbers masked in a text bound for the log. */
export const redactText = (text: string) =>
  maskEmails(text).replace(TOKEN_LIKE, '[token]').replace(PHONE_LIKE, '[número]');
