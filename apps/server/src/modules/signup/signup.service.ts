import crypto from 'node:crypto';
import { RETENTION, type SignupRequest, type SignupResponse, type SignupStatus } from '@etiqueta/contracts';
import { conflict, RetryLater } from '../../lib/errors.ts';
import { addressKey } from '../limits/limits.service.ts';
import type { createSignupRepository } from './signup.repository.ts';

const DUPLICATE = () => conflict('EMAIL_ALREADY_REGISTERED', 'Este email ya está registrado');

/** Said when a beta sign-up is refused because no place is left (at the form, or when the email is proven). */
export const BETA_FULL_MESSAGE = 'Los cupos del programa Beta están completos. Únete a la lista de espera.';
/** Said to a person whose places ran out between the form and the code: they are on the waiting list instead. */
export const BETA_FULL_AT_PROOF_MESSAGE =
  'Confirmaste tu email, pero los cupos del programa Beta se completaron antes. Te dejamos en la lista de espera y te avisaremos cuando haya un cupo.';
export const PENDING_PER_ADDRESS_MESSAGE =
  'Ya hay una inscripción Beta sin confirmar desde esta conexión. Cuando esa persona confirme su email con el código, podrás inscribirte; si no, inténtalo más tarde.';

export type SignupService = ReturnType<typeof createSignupService>;

/** The connection a sign-up came from, as a digest (IPv6 by its /64): never the address itself. */
export const connectionDigest = (ip: string) =>
  crypto.createHash('sha256').update(`beta-pending:${addressKey(ip)}`).digest('base64url').slice(0, 22);

export function createSignupService(repo: ReturnType<typeof createSignupRepository>, options: { betaSpots: number }) {
  return {
    async status(): Promise<SignupStatus> {
      const remainingSpots = Math.max(0, options.betaSpots - (await repo.countBeta()));
      return { isOpen: remainingSpots > 0, remainingSpots, isWaitlistEnabled: true };
    },

    /**
     * The beta form puts the person on the pending list: the place is taken when they prove the email with the sign-in
     * code (auth.service → claimPlace). `ip` is given when the per-address guard is on.
     */
    async joinBeta(input: SignupRequest, ip: string | null): Promise<SignupResponse> {
      const outcome = await repo.holdBetaPlace(input, options.betaSpots, ip === null ? null : connectionDigest(ip));
      if (outcome === 'duplicate') throw DUPLICATE();
      if (outcome === 'full') throw conflict('BETA_FULL', BETA_FULL_MESSAGE);
      if (outcome !== 'created') throw new RetryLater(outcome.addressBusyMs, 'RATE_LIMITED', PENDING_PER_ADDRESS_MESSAGE);
      return {
        kind: 'pending',
        message: `Para confirmar tu cupo, inicia sesión con ${input.email} y escribe el código que te enviaremos. Tienes ${RETENTION.pendingSignupHours} horas; el cupo es tuyo cuando confirmas, si aún quedan.`,
      };
    },

    async joinWaitlist(input: SignupRequest): Promise<SignupResponse> {
      if ((await repo.joinWaitlist(input)) === 'duplicate') throw DUPLICATE();
      return { kind: 'waitlist', message: 'Te agregamos a la lista de espera. Te avisaremos cuando haya un cupo.' };
    },
  };
}
