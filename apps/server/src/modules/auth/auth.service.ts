import crypto from 'node:crypto';
import { EMAIL_NOT_REGISTERED, type AuthUser, type LoginRequest, type LoginResponse, type Role } from '@etiqueta/contracts';
import { AppError, RetryLater } from '../../lib/errors.ts';
import type { SharedLimiter } from '../limits/limits.service.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createCodeSeal } from './code-seal.ts';
import { LOGIN_CODE_MAX_ATTEMPTS, type createLoginCodeRepository } from './login-code.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { SessionRepository } from './session.repository.ts';
import type { createSignupRepository } from '../signup/signup.repository.ts';
import { BETA_FULL_AT_PROOF_MESSAGE } from '../signup/signup.service.ts';
import type { createUserRepository, UserRow } from './user.repository.ts';

const PRIVILEGED: readonly string[] = ['admin', 'influencer'];
/** A sign-in code is good for this long. */
export const LOGIN_CODE_TTL_MS = 10 * 60_000;

const toAuthUser = (u: UserRow): AuthUser => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role as Role,
});

const HOUR_MS = 3_600_000;
/** Sign-in mails one email can be sent in an hour (codes; the warning below is apart). */
export const LOGIN_MAILS_PER_HOUR = 5;
/** Wrong codes for one email in a day before each further try has to wait (never a lock: the owner gets in). */
export const FREE_WRONG_CODES_PER_DAY = 10;
/**
 * How long the next try for an email waits after its `wrong`-th wrong code of the day: nothing up to the free ones,
 * then 5 s, doubling with each further wrong code (10 s, 20 s… 5 min at the 16th), at most an hour.
 */
export const waitAfterWrongCodes = (wrong: number) =>
  wrong < FREE_WRONG_CODES_PER_DAY ? 0 : Math.min(5_000 * 2 ** (wrong - FREE_WRONG_CODES_PER_DAY), HOUR_MS);

const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
};

/** Six random digits, leading zeros kept. */
const newCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

const codeMail = (to: string, code: string) => ({
  to,
  subject: 'Tu código para ingresar a Etiqueta Clara',
  text: [
    `Tu código para ingresar a Etiqueta Clara es: ${code}`,
    '',
    'Vence en 10 minutos y sirve una sola vez.',
    'Si no pediste este código, ignora este correo: nadie puede entrar a tu cuenta sin él.',
  ].join('\n'),
});

/** Sent once a day when an email reaches FREE_WRONG_CODES_PER_DAY wrong codes: the owner should know. */
const tryingMail = (to: string) => ({
  to,
  subject: 'Alguien está intentando entrar a tu cuenta de Etiqueta Clara',
  text: [
    `Hoy se probaron ${FREE_WRONG_CODES_PER_DAY} códigos incorrectos para entrar a Etiqueta Clara con este email.`,
    '',
    'Si fuiste tú, no te preocupes: pide un código nuevo y escríbelo con calma.',
    'Si no fuiste tú, nadie puede entrar sin el código que te enviamos: no se lo des a nadie.',
    'Por seguridad, cada nuevo intento con este email tendrá que esperar un poco más.',
  ].join('\n'),
});

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(
  { users, sessions, codes, signups }: {
    users: ReturnType<typeof createUserRepository>;
    sessions: SessionRepository;
    codes: ReturnType<typeof createLoginCodeRepository>;
    signups: ReturnType<typeof createSignupRepository>;
  },
  options: {
    sessionTtlDays: number;
    mailer: Mailer;
    limiter: SharedLimiter;
    /** COOKIE_SECRET: the key a live code is sealed under, to send it again (code-seal.ts). */
    secret: string | undefined;
    /** Whether LOGIN_MAILS_PER_HOUR is counted (off with RATE_LIMIT_PER_MINUTE=0, as tests do). */
    mailLimit: boolean;
    /** BETA_SPOTS: proving the email of a pending beta sign-up takes one of these places, if one is left. */
    betaSpots: number;
  },
) {
  const seal = createCodeSeal(options.secret);
  const { limiter } = options;
  /** The shared limiter's keys for one account's sign-in (digested there: no id in clear). */
  const keys = (userId: number) => ({
    mails: `login-mails:account:${userId}`,
    wrong: `login-wrong:account:${userId}`,
    tries: `login-tries:account:${userId}`,
  });
  const WRONG_IN_A_DAY = { limit: 1_000_000, windowMs: 24 * HOUR_MS };

  /**
   * Step 1: a one-time code by email, hashed at rest. While the person's code is live, a new request sends that same
   * code again (a stranger asking for one does not cancel the code in their inbox); at most LOGIN_MAILS_PER_HOUR.
   */
  async function sendCode(user: UserRow, privileged: boolean): Promise<LoginResponse> {
    if (options.mailLimit) {
      const mail = await limiter.take(keys(user.id).mails, { limit: LOGIN_MAILS_PER_HOUR, windowMs: HOUR_MS });
      if (!mail.allowed) {
        throw new RetryLater(
          mail.retryAfterMs,
          'TOO_MANY_CODES',
          `Ya te enviamos ${LOGIN_MAILS_PER_HOUR} códigos en la última hora. Usa el último que te llegó (revisa también spam) o espera ${inWords(mail.retryAfterMs)}.`,
        );
      }
    }
    const live = await codes.live(user.id);
    let code = live ? seal.open(live.codeSealed) : null;
    if (code === null) {
      const fresh = newCode();
      const store = async (replaceLive: boolean) =>
        codes.issue(user.id, await hashPassword(fresh), seal.seal(fresh), new Date(Date.now() + LOGIN_CODE_TTL_MS), { replaceLive });
      // Only a dead code, or a live one this process cannot open, gives way. Of two first requests at once, one
      // stores its code and the other finds that one live and sends it again: the code in the inbox keeps working.
      if (await store(live !== null)) {
        code = fresh;
      } else {
        code = seal.open((await codes.live(user.id))?.codeSealed ?? null);
        if (code === null) {
          await store(true);
          code = fresh;
        }
      }
      await codes.purgeDead();
    }
    try {
      await options.mailer.send(codeMail(user.email, code));
    } catch {
      throw new AppError(
        503,
        'MAIL_UNAVAILABLE',
        'No pudimos enviar el código. Intenta de nuevo en un momento.',
      );
    }
    return {
      authenticated: false,
      codeRequired: true,
      passwordRequired: privileged,
      user: null,
      message: `Te enviamos un código a ${user.email}`,
    };
  }

  return {
    /**
     * Beta members prove their email with a one-time code sent to it (step 1: `{email}`; step 2:
     * `{email, code}`). Admin and influencer accounts also give their password with the code, so neither an
     * email nor a mailbox alone opens the admin panel.
     */
    async login(
      input: LoginRequest,
    ): Promise<{ response: LoginResponse; session?: { token: string; expiresAt: Date } }> {
      const user = await users.findByEmail(input.email);
      // A pending beta sign-up (the form sent, the email not yet proven) may ask for a code while its 24 hours last.
      const pending = user?.accessStatus === 'pending' && (await signups.pendingIsLive(user.email));
      if (!user || (user.accessStatus !== 'beta' && !pending)) {
        throw new AppError(401, EMAIL_NOT_REGISTERED, 'Email no registrado en programa Beta');
      }
      const privileged = PRIVILEGED.includes(user.role) || user.passwordHash !== null;
      if (input.code === undefined) return { response: await sendCode(user, privileged) };

      // Past the free wrong codes of the day, each try for this email waits its turn (seconds, then minutes).
      const k = keys(user.id);
      const turn = await limiter.take(k.tries, { limit: 1_000, windowMs: 1_000 });
      if (!turn.allowed) {
        throw new RetryLater(
          turn.retryAfterMs,
          'CODE_TRIES_WAIT',
          `Hubo muchos intentos con códigos incorrectos para este email. Espera ${inWords(turn.retryAfterMs)} e inténtalo de nuevo.`,
        );
      }
      const live = await codes.takeTry(user.id);
      if (!live) {
        throw new AppError(401, 'CODE_EXPIRED', 'El código venció o ya no sirve. Pide un código nuevo.');
      }
      if (!(await verifyPassword(live.codeHash, input.code))) {
        // Counted per email across codes, for a day: a new code does not give a guesser new tries.
        const wrong = WRONG_IN_A_DAY.limit - (await limiter.take(k.wrong, WRONG_IN_A_DAY)).remaining;
        const wait = waitAfterWrongCodes(wrong);
        if (wait > 0) await limiter.block(k.tries, wait);
        if (wrong === FREE_WRONG_CODES_PER_DAY) await options.mailer.send(tryingMail(user.email)).catch(() => undefined);
        const left = LOGIN_CODE_MAX_ATTEMPTS - live.attempts;
        throw new AppError(
          401,
          'INVALID_CODE',
          left > 0
            ? `Código incorrecto. Te ${left === 1 ? 'queda 1 intento' : `quedan ${left} intentos`}.`
            : 'Código incorrecto. Pide un código nuevo.',
        );
      }
      if (privileged) {
        if (!input.password) {
          return {
            response: {
              authenticated: false,
              codeRequired: true,
              passwordRequired: true,
              user: null,
              message: 'Ingresa tu contraseña',
            },
          };
        }
        if (!user.passwordHash || !(await verifyPassword(user.passwordHash, input.password))) {
          throw new AppError(401, 'INVALID_PASSWORD', 'Contraseña incorrecta');
        }
      }
      if (!(await codes.consume(live.id))) {
        throw new AppError(401, 'CODE_EXPIRED', 'El código venció o ya no sirve. Pide un código nuevo.');
      }
      // The owner proved the email: the guesses counted against it are forgotten.
      await Promise.all([limiter.reset(k.wrong), limiter.reset(k.tries)]);
      if (user.accessStatus === 'pending') {
        // The proven email takes its beta place now, if one is left (issue 33): never before, never twice.
        const claim = await signups.claimPlace(user.email, options.betaSpots);
        if (claim === 'full') throw new AppError(409, 'BETA_FULL', BETA_FULL_AT_PROOF_MESSAGE);
        if (claim === 'expired') {
          throw new AppError(401, 'SIGNUP_EXPIRED', 'Tu inscripción venció: pasaron más de 24 horas sin confirmar tu email. Inscríbete de nuevo.');
        }
        if (claim === 'not-pending' && (await users.findByEmail(user.email))?.accessStatus !== 'beta') {
          throw new AppError(401, EMAIL_NOT_REGISTERED, 'Email no registrado en programa Beta');
        }
      }
      const session = await sessions.create(user.id, options.sessionTtlDays);
      return {
        response: {
          authenticated: true,
          codeRequired: false,
          passwordRequired: false,
          user: toAuthUser(user),
          message: 'Sesión iniciada',
        },
        session,
      };
    },

    logout: (token: string) => sessions.deleteByToken(token),
  };
}
