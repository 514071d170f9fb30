import { z } from 'zod';
import { emailField } from './common.ts';

export const roles = ['user', 'influencer', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/** Who a person is, wherever the app names one: their account's (or message's) id, email and name. */
export const person = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const authUser = person.extend({ role: roleSchema });
export type AuthUser = z.infer<typeof authUser>;

export const authStatusResponse = z.object({
  authenticated: z.boolean(),
  user: authUser.nullable(),
});
export type AuthStatusResponse = z.infer<typeof authStatusResponse>;

export const loginRequest = z.strictObject({
  email: emailField,
  /** The 6-digit code sent to the email (step 2). Without it, the server sends one. */
  code: z
    .string({ error: 'El código debe ser texto' })
    .trim()
    .regex(/^\d{6}$/, { error: 'El código tiene 6 dígitos' })
    .optional(),
  password: z.string().max(200, { error: 'La contraseña es demasiado larga' }).optional(),
});
export type LoginRequest = z.infer<typeof loginRequest>;

/**
 * 200 with a user when signed in; otherwise `codeRequired` (a code was sent to the email) and
 * `passwordRequired` (the account also needs its password, given with the code).
 */
export const loginResponse = z.object({
  authenticated: z.boolean(),
  codeRequired: z.boolean(),
  passwordRequired: z.boolean(),
  user: authUser.nullable(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const messageResponse = z.object({ message: z.string() });

/** admin counts as admin; admin and influencer both count as influencer (spec §6). */
export function hasRole(role: Role | null | undefined, required: Role): boolean {
  if (!role) return false;
  if (required === 'admin') return role === 'admin';
  if (required === 'influencer') return role === 'admin' || role === 'influencer';
  return true;
}

/** The code of the login answer for an email that is not a beta member: the login screen offers the waiting list. */
export const EMAIL_NOT_REGISTERED = 'EMAIL_NOT_REGISTERED';
