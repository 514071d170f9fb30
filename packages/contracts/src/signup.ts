import { z } from 'zod';
import { emailField, humanText, requiredText } from './common.ts';

export const signupStatus = z.object({
  isOpen: z.boolean(),
  remainingSpots: z.number().int(),
  isWaitlistEnabled: z.boolean(),
});
export type SignupStatus = z.infer<typeof signupStatus>;

export const signupRequest = z.strictObject({
  email: emailField,
  firstName: requiredText(100, 'El nombre'),
  lastName: requiredText(100, 'El apellido'),
  instagramHandle: humanText(60, 'El usuario de Instagram').optional().nullable(),
  referralSource: humanText(200, 'Cómo nos conociste').optional().nullable(),
});
export type SignupRequest = z.infer<typeof signupRequest>;

export const signupResponse = z.object({
  message: z.string(),
  kind: z.enum(['beta', 'waitlist']),
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

export const errorReportRequest = z
  .strictObject({
    errorType: z.enum(errorReportTypes, { error: 'El tipo de error no es válido' }),
    description: humanText(5_000, 'La descripción').default(''),
    productId: z.number({ error: 'El producto debe ser un número' }).int().positive().max(2_147_483_647).nullable().optional(),
    productName: humanText(300, 'El nombre del producto').default(''),
  })
  .refine((r) => r.errorType !== 'otros' || r.description.length > 0, {
    error: "Describe el error cuando eliges 'otros'",
    path: ['description'],
  });
export type ErrorReportRequest = z.infer<typeof errorReportRequest>;
