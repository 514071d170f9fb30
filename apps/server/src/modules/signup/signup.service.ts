import type { SignupRequest, SignupResponse, SignupStatus } from '@etiqueta/contracts';
import type { Db } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { createSignupRepository } from './signup.repository.ts';

const DUPLICATE = () => conflict('EMAIL_ALREADY_REGISTERED', 'Este email ya está registrado');

export type SignupService = ReturnType<typeof createSignupService>;

export function createSignupService(db: Db, options: { betaSpots: number }) {
  const repo = createSignupRepository(db);
  return {
    async status(): Promise<SignupStatus> {
      const remainingSpots = Math.max(0, options.betaSpots - (await repo.countBeta()));
      return { isOpen: remainingSpots > 0, remainingSpots, isWaitlistEnabled: true };
    },

    async joinBeta(input: SignupRequest): Promise<SignupResponse> {
      const outcome = await repo.claimBetaSpot(input, options.betaSpots);
      if (outcome === 'duplicate') throw DUPLICATE();
      if (outcome === 'full') {
        throw conflict('BETA_FULL', 'Los cupos del programa Beta están completos. Únete a la lista de espera.');
      }
      return { kind: 'beta', message: '¡Ya eres parte del programa Beta! Inicia sesión con tu email.' };
    },

    async joinWaitlist(input: SignupRequest): Promise<SignupResponse> {
      if ((await repo.joinWaitlist(input)) === 'duplicate') throw DUPLICATE();
      return { kind: 'waitlist', message: 'Te agregamos a la lista de espera. Te avisaremos cuando haya un cupo.' };
    },
  };
}
