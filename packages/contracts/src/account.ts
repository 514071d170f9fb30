import { z } from 'zod';
import { accessStatusSchema } from './admin.ts';
import { authUser } from './auth.ts';
import { emailField, requiredText } from './common.ts';
import { contributionNutrientFields, contributionPhoto } from './contributions.ts';
import { HISTORY } from './history.ts';
import { AGE_BANDS } from './signup.ts';

/**
 * How long each kind of personal data is kept (Ley 21.719, art. 3 c: no longer than its purpose needs). The
 * server's retention job (modules/retention) and the texts people read (Mi cuenta, /privacidad) both take their
 * figures from here, so the promise and the practice cannot drift apart.
 */
export const RETENTION = {
  /** A sign-in code works 10 minutes; the job deletes it within the hour after it expires or is used. */
  loginCodeMinutes: 10,
  /** Contact messages: long enough to answer and follow up, then deleted. */
  contactMessageDays: 180,
  /** Error reports: long enough to fix the product and check the fix holds, then deleted. */
  errorReportDays: 365,
  /** `.eml` files written when no SMTP server is configured (DATA_DIR/outbox). */
  outboxHours: 24,
  /** Historial: an entry is deleted this long after the product was last opened or scanned. */
  historyDays: 365,
  /** What an erased person sent that no admin reviewed in this long is deleted, photos and all. */
  erasedContributionDays: 90,
  /** Request logs (stdout), with IP addresses truncated and emails masked: what the host may keep. */
  requestLogDays: 30,
  /** A beta sign-up whose email is not proven with the sign-in code within this long is deleted (issue 33). */
  pendingSignupHours: 24,
  /** How often the retention job runs. */
  jobIntervalMinutes: 60,
} as const;

/**
 * Every kind of personal data we hold about a person, as Mi cuenta, the export and the privacy page name it:
 * what it is for, on what legal basis (Ley 21.719 art. 12 consent, art. 13 c contract, art. 13 d legitimate
 * interest) and for how long. The keys are the export's keys.
 */
export const PERSONAL_DATA_KINDS = {
  profile: {
    label: 'Tu cuenta',
    purpose: 'Darte acceso a la beta y saber con qué nombre dirigirnos a ti.',
    legalBasis: 'Ejecución del servicio que pediste al inscribirte (art. 13 c).',
    retention: 'Mientras tengas cuenta. Al eliminarla se borra de inmediato.',
  },
  signups: {
    label: 'Tu inscripción',
    purpose:
      'Administrar los cupos de la beta y la lista de espera. Tu tramo de edad (16 años o más, o menor de 16 con autorización de tu madre, padre o representante legal) es el registro de ese consentimiento que pide la Ley 21.719. Instagram y cómo nos conociste son opcionales y solo sirven para conocer a la comunidad.',
    legalBasis: 'Medidas que pediste antes de tener cuenta (art. 13 c); los campos opcionales, tu consentimiento (art. 12).',
    retention: `Mientras dure la beta o hasta que la elimines. Una inscripción Beta que no confirmas con el código en ${RETENTION.pendingSignupHours} horas se borra.`,
  },
  sessions: {
    label: 'Tus sesiones',
    purpose: 'Mantenerte conectado en tus dispositivos. Guardamos solo una huella (hash) de cada sesión.',
    legalBasis: 'Ejecución del servicio (art. 13 c).',
    retention: 'Hasta que cierras sesión o vence (30 días); las vencidas se borran cada hora.',
  },
  loginCodes: {
    label: 'Códigos de ingreso',
    purpose: 'Comprobar que el email es tuyo al iniciar sesión. Guardamos solo una huella (hash) del código.',
    legalBasis: 'Ejecución del servicio (art. 13 c).',
    retention: `Cada código sirve ${RETENTION.loginCodeMinutes} minutos y una vez; después se borra dentro de la hora.`,
  },
  contactMessages: {
    label: 'Tus mensajes de contacto',
    purpose: 'Responderte.',
    legalBasis: 'Tu solicitud (art. 13 c) y tu consentimiento al escribirnos (art. 12).',
    retention: `${RETENTION.contactMessageDays} días desde que nos escribes; después se borran.`,
  },
  errorReports: {
    label: 'Tus reportes de errores',
    purpose: 'Corregir los datos de los productos.',
    legalBasis: 'Ejecución del servicio (art. 13 c).',
    retention: `${RETENTION.errorReportDays} días desde que los envías; después se borran.`,
  },
  contributions: {
    label: 'Productos que enviaste',
    purpose:
      'Agregar al catálogo los productos que nos mandas con «Agregar este producto». Guardamos una huella (hash) de tu dirección IP solo para limitar cuántos se envían por día desde una red.',
    legalBasis: 'Ejecución del servicio (art. 13 c); el límite por red, interés legítimo en evitar abusos (art. 13 d).',
    retention:
      'Mientras el producto esté en revisión o en el catálogo. Al eliminar tu cuenta dejan de estar asociados a ti; las fotos del envase, sin datos de ubicación, se quedan.',
  },
  history: {
    label: 'Tu historial',
    purpose:
      'Mostrarte en Historial los productos que abriste o escaneaste, en todos tus dispositivos. Guardamos el producto, si lo escaneaste o lo abriste y cuándo.',
    legalBasis:
      'Ejecución del servicio que usas (art. 13 c). Puedes oponerte cuando quieras (art. 8): al desactivarlo en Historial dejamos de guardarlo y borramos lo guardado.',
    retention: `${RETENTION.historyDays} días desde la última vez que abriste cada producto, y solo los ${HISTORY.maxEntries} más recientes; también lo borras tú, de a uno o completo.`,
  },
  auditEntries: {
    label: 'Registro de cambios de tu cuenta',
    purpose: 'Dejar constancia de los cambios de acceso y rol hechos por la administración, por seguridad.',
    legalBasis: 'Interés legítimo en la seguridad del servicio (art. 13 d).',
    retention:
      'Mientras exista el servicio; al eliminar tu cuenta queda solo con un identificador al azar que no te nombra.',
  },
} as const;
export type PersonalDataKind = keyof typeof PERSONAL_DATA_KINDS;

const isoDate = z.string();

export const accountProfile = authUser.extend({
  /** 'pending': a beta sign-up whose email is not proven yet (an admin may export it on request). */
  accessStatus: z.union([accessStatusSchema, z.literal('pending')]),
  /** Whether Historial records what they open (they can turn it off). */
  historyEnabled: z.boolean(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

/**
 * Everything we hold about one person, as they can see it in Mi cuenta and take it away (portability).
 * Secrets that are ours, not theirs (hashes of session tokens and codes), are left out.
 */
export const accountData = z.object({
  profile: accountProfile.nullable(),
  signups: z.array(
    z.object({
      email: z.string(),
      kind: z.enum(['pending', 'beta', 'waitlist']),
      /** Ley 21.719: 16 or more, or under 16 with a representative's consent, as declared at sign-up (null before it was asked). */
      ageBand: z.enum(AGE_BANDS).nullable(),
      firstName: z.string(),
      lastName: z.string(),
      instagramHandle: z.string().nullable(),
      referralSource: z.string().nullable(),
      createdAt: isoDate,
      promotedAt: isoDate.nullable(),
    }),
  ),
  sessions: z.array(z.object({ createdAt: isoDate, expiresAt: isoDate })),
  loginCodes: z.array(
    z.object({ createdAt: isoDate, expiresAt: isoDate, consumedAt: isoDate.nullable(), attempts: z.number().int() }),
  ),
  contactMessages: z.array(
    z.object({
      email: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      message: z.string(),
      createdAt: isoDate,
      handledAt: isoDate.nullable(),
    }),
  ),
  errorReports: z.array(
    z.object({
      errorType: z.string(),
      description: z.string(),
      productId: z.number().int().nullable(),
      productName: z.string(),
      createdAt: isoDate,
      handledAt: isoDate.nullable(),
    }),
  ),
  contributions: z.array(
    z.object({
      /** Opens it again ("Ver mi envío", `/contribute/sent/{id}`) while it is in review. */
      id: z.number().int(),
      barcode: z.string(),
      /** 'refused': the server could not take it (why in `rejectReason`); kept a day, to count toward the daily limit. */
      status: z.enum(['pending', 'approved', 'rejected', 'refused']),
      name: z.string().nullable(),
      brand: z.string().nullable(),
      ingredients: z.string().nullable(),
      /** What the person wrote from the label, per 100 g. */
      nutrients: z.record(z.enum(contributionNutrientFields), z.number().nullable()),
      /** Whether they said the label is per 100 ml (a drink); null when they did not say. */
      isLiquid: z.boolean().nullable(),
      /** The photos they sent (re-encoded, without metadata); `url` opens each for them while signed in. */
      photos: z.array(contributionPhoto),
      createdAt: isoDate,
      reviewedAt: isoDate.nullable(),
      rejectReason: z.string().nullable(),
    }),
  ),
  history: z.array(
    z.object({
      productId: z.number().int(),
      barcode: z.string(),
      productName: z.string(),
      brand: z.string(),
      via: z.enum(['scan', 'open']),
      viewedAt: isoDate,
    }),
  ),
  auditEntries: z.array(
    z.object({
      action: z.string(),
      entity: z.string(),
      changes: z.record(z.string(), z.unknown()),
      createdAt: isoDate,
    }),
  ),
});
export type AccountData = z.infer<typeof accountData>;

export const ACCOUNT_EXPORT_FORMAT = 'etiqueta-clara/datos-personales@1';

/**
 * The download: the data, when it was taken, and what each kind is for and how long it is kept (art. 5). The
 * photos a person sent travel inside it (`jpegBase64`), so the file holds everything without a session.
 */
export const accountExport = accountData.extend({
  contributions: z.array(
    accountData.shape.contributions.element.extend({
      photos: z.array(contributionPhoto.extend({ jpegBase64: z.string() })),
    }),
  ),
  format: z.literal(ACCOUNT_EXPORT_FORMAT),
  exportedAt: isoDate,
  about: z.record(
    z.string(),
    z.object({ label: z.string(), purpose: z.string(), legalBasis: z.string(), retention: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;

export const accountNamePatch = z.strictObject({
  firstName: requiredText(100, 'El nombre'),
  lastName: requiredText(100, 'El apellido'),
});
export type AccountNamePatch = z.infer<typeof accountNamePatch>;

/** An admin serving a person's request by email (the person may have no account, or cannot sign in). */
export const personalDataRequest = z.strictObject({ email: emailField });
export type PersonalDataRequest = z.infer<typeof personalDataRequest>;
