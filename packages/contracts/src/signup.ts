import { z } from 'zod';
import { emailField, humanText, requiredText } from './common.ts';

export const signupStatus = z.object({
  isOpen: z.boolean(),
  remainingSpots: z.number().int(),
  isWaitlistEnabled: z.boolean(),
});
export type SignupStatus = z.infer<typeof signupStatus>;

/**
 * Ley 21.719 (art. 16 quáter): a person under 16 joins only with the consent of their mother, father or legal
 * representative. The form asks which applies; the answer is kept with the sign-up as the record of it.
 */
export const AGE_BANDS = ['16-o-mas', 'menor-16-con-autorizacion'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
export const AGE_BAND_REQUIRED = 'Indica si tienes 16 años o más, o si tienes la autorización de tu madre, padre o representante legal.';

export const signupRequest = z.strictObject({
  email: emailField,
  firstName: requiredText(100, 'El nombre'),
  lastName: requiredText(100, 'El apellido'),
  instagramHandle: humanText(60, 'El usuario de Instagram').optional().nullable(),
  referralSource: humanText(200, 'Cómo nos conociste').optional().nullable(),
  ageBand: z.enum(AGE_BANDS, { error: AGE_BAND_REQUIRED }),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  message: z.string(),
  /** 'pending': a beta place is asked for and taken once the email is proven with the sign-in code (issue 33). */
  kind: z.enum(['pending', 'beta', 'waitlist']),
});
export type SignupResponse = z.infer<typeof signupResponse>;

export const contactRequest = z.strictObject({
  firstName: requiredText(100, 'El nombre'),
  lastName: requiredText(100, 'El apellido'),
  email: emailField,
  message: requiredText(5_000, 'El mensaje'),
});
export type ContactRequest = z.infer<typeof contactRequest>;

export const errorReportTypes = [
  'puntaje-incorrecto',
  'aditivos-incorrectos',
  'informacion-nutricional',
  'imagen-incorrecta',
  'producto-incorrecto',
  /** A wrong or missing allergen or trace (issue 28): the label on the package is the authority. */
  'alergenos',
  'otros',
] as const;

/** Under the description when 'Otros' has none: the web form's message and the API's alike. */
export const ERROR_REPORT_DESCRIPTION_REQUIRED = "Describe el error cuando eliges 'Otros'";

/** POST /api/error-reports; the web's dialog validates with this same schema (spec §5: 'otros' needs words). */
export const errorReportRequest = z
  .strictObject({
    errorType: z.enum(errorReportTypes, { error: 'El tipo de error no es válido' }),
    description: humanText(5_000, 'La descripción').default(''),
    productId: z.number({ error: 'El producto debe ser un número' }).int().positive().max(2_147_483_647).nullable().optional(),
    productName: humanText(300, 'El nombre del producto').default(''),
  })
  .refine((r) => r.errorType !== 'otros' || r.description.length > 0, {
    error: ERROR_REPORT_DESCRIPTION_REQUIRED,
    path: ['description'],
  });
export type ErrorReportRequest = z.infer<typeof errorReportRequest>;
