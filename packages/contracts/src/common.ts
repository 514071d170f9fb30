import { z } from 'zod';

// Spanish validation messages everywhere the schemas are used (server and web).
z.config(z.locales.es());

/** The one error shape of the API. */
export const errorResponse = z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

export const healthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    /** 'unwritable': it answers, but the last write failed for want of disk space and none has worked since. */
    status: z.enum(['ok', 'error', 'unwritable']),
    kind: z.enum(['pglite', 'postgres']),
    latencyMs: z.number(),
  }),
  /**
   * The folder of contributed photos (UPLOADS_DIR), apart from the database: 'full' when the last photo found no
   * room (until one is written again) or less than 2 MB is free, 'error' when it cannot be written at all. It does
   * not change `status`: the rest of the app serves on.
   */
  uploads: z.object({ status: z.enum(['ok', 'full', 'error']) }),
  uptimeSeconds: z.number(),
  /** How current the catalogue is: its size and its last successful sync (kept in memory; health stays a ping). */
  catalogue: z.object({
    products: z.number().int(),
    lastSyncAt: z.string().nullable(),
    lastSyncKind: z.enum(['bulk', 'incremental']).nullable(),
    /** Hours since the last successful sync, one decimal; null when none has succeeded. */
    ageHours: z.number().nullable(),
  }),
});
export type HealthResponse = z.infer<typeof healthResponse>;

/** "'a', 'b' o 'c'" (numbers bare: "1, 2 o 3"): a list's values, for an error message built from the list itself. */
export const oneOf = (values: readonly (string | number)[]): string => {
  const quoted = values.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
  return quoted.length <= 1 ? (quoted[0] ?? '') : `${quoted.slice(0, -1).join(', ')} o ${quoted.at(-1)}`;
};

/** Text a person typed: trimmed, control characters refused, bounded. */
export const humanText = (max: number, label: string) =>
  z
    .string({ error: `${label} debe ser texto` })
    .trim()
    .max(max, { error: `${label} no puede tener más de ${max} caracteres` })
    // eslint-disable-next-line no-control-regex -- refusing control characters is the point
    .refine((s) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(s), {
      error: `${label} contiene caracteres no permitidos`,
    });

/**
 * A whole number in a query string ('?page=2'), `min` to `max`, refused in Spanish naming `label` ("La página").
 * `tooSmall` / `tooLarge` replace the bound's default words ("… debe ser al menos 1", "… no puede ser mayor que 50").
 */
export const wholeNumberParam = (label: string, min: number, max: number, words: { tooSmall?: string; tooLarge?: string } = {}) =>
  z.coerce
    .number({ error: `${label} debe ser un número` })
    .int({ error: `${label} debe ser un número entero` })
    .min(min, { error: words.tooSmall ?? `${label} debe ser al menos ${min}` })
    .max(max, { error: words.tooLarge ?? `${label} no puede ser mayor que ${max}` });

/** How many items a list answers, 1 to `max` (`fallback` when not asked). */
export const limitParam = (max: number, fallback: number) => wholeNumberParam('El límite', 1, max).default(fallback);

/** One page of a list: its items, how many there are on every page together, the page (1-based) and its size. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export const requiredText = (max: number, label: string) =>
  humanText(max, label).pipe(z.string().min(1, { error: `${label} es obligatorio` }));

export const emailField = z
  .string({ error: 'El email es obligatorio' })
  .trim()
  .toLowerCase()
  .max(254, { error: 'El email es demasiado largo' })
  .pipe(z.email({ error: 'Debes ingresar un email válido' }));

/** A database id in a path: digits only (no '1e3', '0x10', ' 12'), 1 to 2147483647. */
export const databaseIdText = z
  .string({ error: 'El id debe ser un número' })
  .regex(/^[1-9]\d{0,9}$/, { error: 'El id debe ser un número entero positivo, solo dígitos' })
  .transform(Number)
  .refine((n) => n <= 2_147_483_647, { error: 'El id es demasiado grande' });

export const idParam = z.object({ id: databaseIdText });

export const slugParam = z.object({
  slug: z
    .string()
    .max(120, { error: 'La dirección es demasiado larga' })
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'La dirección no es válida' }),
});
