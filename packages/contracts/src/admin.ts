import { z } from 'zod';
import { authUser, person, roles } from './auth.ts';
import { oneOf } from './common.ts';
import { AGE_BANDS } from './signup.ts';

export const accessStatusSchema = z.enum(['beta', 'revoked'], { error: "El acceso debe ser 'beta' o 'revoked'" });

export const adminUser = authUser.extend({
  accessStatus: accessStatusSchema,
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

export const adminUserPatch = z
  .strictObject({
    role: z.enum(roles, { error: `El rol debe ser ${oneOf(roles)}` }),
    accessStatus: accessStatusSchema,
  })
  .partial()
  .refine((p) => p.role !== undefined || p.accessStatus !== undefined, { error: 'Indica el rol o el acceso a cambiar' });

export const adminSignup = person.extend({
  kind: z.enum(['pending', 'beta', 'waitlist']),
  ageBand: z.enum(AGE_BANDS).nullable(),
  instagramHandle: z.string().nullable(),
  referralSource: z.string().nullable(),
  createdAt: z.string(),
  promotedAt: z.string().nullable(),
});
export type AdminSignup = z.infer<typeof adminSignup>;

export const adminContactMessage = person.extend({
  message: z.string(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminContactMessage = z.infer<typeof adminContactMessage>;

export const adminErrorReport = z.object({
  id: z.number().int(),
  errorType: z.string(),
  description: z.string(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  userEmail: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminErrorReport = z.infer<typeof adminErrorReport>;

export const handledPatch = z.strictObject({ handled: z.boolean({ error: 'handled debe ser verdadero o falso' }) });
