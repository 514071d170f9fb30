import path from 'node:path';
import { z } from 'zod';
import { repoRoot } from '../paths.ts';

/**
 * A switch: `true`/`1` or `false`/`0`; unset takes the documented default. Every switch goes through here, so
 * an unset value can only mean what the README says (config/env.test.ts pins each default).
 */
const flag = (unset: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? unset : v === 'true' || v === '1'));

/**
 * Every setting the server reads, with a safe default so `npm start` works with none.
 * This module is the only reader of process.env (docs/style.md §6).
 */
const envSchema = z.object({
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** PostgreSQL server; when unset the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, 'var/db')),
  /** Where contributed photos are kept; unset → an `uploads` folder inside DATA_DIR (see `uploadsDir`). */
  UPLOADS_DIR: z.string().min(1).optional(),
  /** "Agregar este producto": how many contributions one account, and one network address, may send per 24 h. */
  CONTRIBUTIONS_PER_USER_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(10),
  CONTRIBUTIONS_PER_IP_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(30),
  /**
   * Trusted contributors (issue 25): after this many approved contributions and none rejected or reverted, a
   * member's completions publish at once (an admin can revert them).
   */
  CONTRIBUTIONS_TRUST_AFTER: z.coerce.number().int().min(1).max(10_000).default(5),
  /** "La etiqueta se lee sola" (issue 24, ADR 020): photos read per account per 24 h (each costs about a second of CPU). */
  LABEL_READINGS_PER_USER_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(40),
  /** OCR processes at most (each reads on one core); started on demand, ended when idle. */
  LABEL_READER_PROCESSES: z.coerce.number().int().min(1).max(16).default(2),
  /** Photos that may wait for a free OCR process; one more is answered 503 at once. */
  LABEL_READER_QUEUE: z.coerce.number().int().min(0).max(100).default(4),
  /** Seconds an OCR process stays without work before it ends (and gives its memory back). */
  LABEL_READER_IDLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEB_DIST: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  /**
   * Where people reach the app (`https://etiquetaclara.cl`): the absolute addresses of a shared link's meta and
   * card image are built from it, never from the request's Host. An origin only (no path). Unset →
   * `http://localhost:PORT` (see `publicUrl`).
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'debe ser una dirección http(s), como https://etiquetaclara.cl' })
    .refine((v) => URL.canParse(v) && new URL(v).pathname === '/' && !new URL(v).search && !new URL(v).hash, {
      error: 'debe ser solo el origen (https://etiquetaclara.cl), sin ruta',
    })
    .transform((v) => new URL(v).origin)
    .optional(),
  /** Secret for signed cookies; a random one per process is fine for a single instance. */
  COOKIE_SECRET: z.string().min(32).optional(),
  /** Set when the app is served over HTTPS (directly or behind a proxy), so cookies get `Secure`. */
  SECURE_COOKIES: flag(false),
  /**
   * Which proxies' X-Forwarded-* headers to believe: unset/false → none; a number → that many hops (true = 1,
   * the usual single reverse proxy); or a comma-separated list of proxy addresses/CIDRs.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | number | string[] => {
      const value = (v ?? '').trim();
      if (value === '' || value === 'false' || value === '0') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) return Number(value);
      return value.split(',').map((a) => a.trim()).filter(Boolean);
    }),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Outgoing mail (sign-in codes), e.g. smtps://user:pass@smtp.example.cl:465; unset → .eml files in DATA_DIR/outbox. */
  SMTP_URL: z.url().optional(),
  MAIL_FROM: z.string().min(3).default('Etiqueta Clara <no-responder@etiquetaclara.cl>'),
  BETA_SPOTS: z.coerce.number().int().min(0).max(100_000).default(20),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Allowed origins for mutating calls besides the request's own host (comma-separated). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((o) => o.trim()).filter(Boolean)),
  /** `off` (OFF's daily export and delta files) or `file:PATH` (a local OFF export). docs/data-lake.md */
  DATA_LAKE_SOURCE: z.string().default('off'),
  OFF_BASE_URL: z.url().default('https://world.openfoodfacts.org'),
  /** OFF's full JSONL export, read by full runs of the `off` source. */
  OFF_EXPORT_URL: z.url().default('https://static.openfoodfacts.org/data/openfoodfacts-products.jsonl.gz'),
  /** OFF's delta folder (its index.txt and the daily files), read by incremental runs of the `off` source. */
  OFF_DELTA_URL: z.url().default('https://static.openfoodfacts.org/data/delta/'),
  /** Set by npm to the folder the command was typed in: relative `file:` sources are taken from there. */
  INIT_CWD: z.string().optional(),
  /** OFF asks every client to name itself: `AppName/Version (contact e-mail)`. */
  OFF_USER_AGENT: z
    .string()
    .regex(/^[A-Za-z0-9._-]+\/[A-Za-z0-9._-]+ \([^()\s]+@[^()\s]+\)$/, {
      error: 'debe tener la forma NombreApp/Versión (correo@de.contacto)',
    })
    .default('EtiquetaClara/1.0 (contacto@etiquetaclara.cl)'),
  /** A barcode the catalogue lacks is looked up in OFF's product API (off in tests, which run without internet). */
  OFF_LIVE_LOOKUP: flag(true),
  /** Product reads a minute for the whole process; OFF allows 15 per address, so this stays under it. */
  OFF_LOOKUP_PER_MINUTE: z.coerce.number().int().min(0).max(15).default(12),
  /** How long a lookup waits for OFF: the shopper has an answer within 10 s either way. */
  OFF_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(500).max(9_000).default(8_000),
  /** How long a code OFF does not have is remembered instead of asked again. */
  OFF_LOOKUP_MISS_HOURS: z.coerce.number().min(0).max(168).default(6),
  /**
   * The Open Food Facts account approved contributions are sent with (docs/off-write.md): its user name (never an
   * e-mail) and password. Unset → nothing is sent, and the admin's contributions page says so.
   */
  OFF_WRITE_USER: z.string().min(1).optional(),
  OFF_WRITE_PASSWORD: z.string().min(1).optional(),
  /** Where OFF's write API is: production by default; `https://world.openfoodfacts.net` is OFF's test server. */
  OFF_WRITE_URL: z.url().default('https://world.openfoodfacts.org'),
  /**
   * Writes a minute to OFF, for every process together (the shared limiter). OFF publishes no limit on writes
   * (docs/api index: "There is no limit on product write queries"); this keeps us a courteous client.
   */
  OFF_WRITE_PER_MINUTE: z.coerce.number().int().min(1).max(600).default(30),
  /**
   * Scheduled syncs: the first load of an empty catalogue at once, then the delta files and the full export on
   * the schedule below. On unless `false`/`0` (tests and the e2e server turn it off).
   */
  SYNC_ENABLED: flag(true),
  /** How often the delta index is checked; OFF publishes one delta file a day. */
  SYNC_INCREMENTAL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** How often the full export is read (it also removes products no longer sold in Chile): weekly. */
  SYNC_FULL_HOURS: z.coerce.number().int().min(1).default(168),
}).superRefine((env, ctx) => {
  // Half an OFF account is a mistake to say at start, not a silent "nothing is sent" found weeks later.
  for (const [set, missing] of [
    ['OFF_WRITE_USER', 'OFF_WRITE_PASSWORD'],
    ['OFF_WRITE_PASSWORD', 'OFF_WRITE_USER'],
  ] as const) {
    if (env[set] !== undefined && env[missing] === undefined) {
      ctx.addIssue({ code: 'custom', path: [missing], message: `required when ${set} is set` });
    }
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every variable the server reads: the README's configuration table lists each (config/env.test.ts). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as (keyof Env)[];

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty variable (`DATABASE_URL=`) means "not set", as in most tools.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return parsed.data;
}

/** The folder for contributed photos: UPLOADS_DIR, or `uploads` inside the data directory. */
export const uploadsDir = (env: Pick<Env, 'UPLOADS_DIR' | 'DATA_DIR'>): string =>
  env.UPLOADS_DIR ?? path.join(env.DATA_DIR, 'uploads');

/** The app's public origin, without a trailing slash: PUBLIC_URL, or this machine at PORT for development. */
export const publicUrl = (env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string =>
  env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

export { repoRoot };
