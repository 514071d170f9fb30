import { RETENTION } from '@etiqueta/contracts';
import type { createLoginCodeRepository } from '../auth/login-code.repository.ts';
import type { SessionRepository } from '../auth/session.repository.ts';
import type { createContactRepository } from '../contact/contact.repository.ts';
import type { HistoryRepository } from '../history/history.repository.ts';
import type { SharedLimiter } from '../limits/limits.service.ts';
import { purgeOutbox } from '../mail/outbox.ts';
import type { createSignupRepository } from '../signup/signup.repository.ts';
import type { Logger } from '../../lib/logger.ts';

const DAY_MS = 86_400_000;

export type RetentionReport = {
  loginCodes: number;
  /** Beta sign-ups whose email was not proven within 24 hours (with their accounts, which never got in). */
  pendingSignups: number;
  sessions: number;
  contactMessages: number;
  errorReports: number;
  history: number;
  outboxFiles: number;
  /** The shared limiter's rows whose window has passed (digests of addresses and accounts). */
  rateLimits: number;
  contributions: number;
  orphanPhotos: number;
  erasuresFinished: number;
  /** Not a purge: trusted publications seen, or unreverted for 48 h, queued to Open Food Facts (issue 25). */
  trustedReleased: number;
};

/** The jobs other modules own that run on the same schedule (each an idempotent clean-up). */
export type RetentionJobs = {
  /** Refusals past a day, an erased person's rejected or long-pending contributions, with their photos. */
  purgeContributions: (now: Date) => Promise<number>;
  /** Photo files no row names (a crash between writing a photo and committing its row), once past their grace. */
  sweepOrphanPhotos: () => Promise<number>;
  /** Erasures whose rows committed but whose files a crash kept (outbox mail, photos). */
  finishErasures: () => Promise<number>;
  /** Trusted publications seen by an admin or unreverted for 48 h, queued to Open Food Facts (contributions). */
  releaseTrustedToOff: (now: Date) => Promise<number>;
};

/**
 * Keeps each kind of personal data no longer than RETENTION says (Ley 21.719 art. 3 c, proportionality):
 * spent sign-in codes, expired sessions, old contact messages, error reports and history entries, old outbox mail,
 * contributions past their reason, photo files without a row. Every purge is an idempotent delete, so two processes
 * running it at once do no harm. It runs at start (main.ts) and hourly.
 */
export function createRetentionService(
  { codes, signups, sessions, contact, history }: {
    codes: ReturnType<typeof createLoginCodeRepository>;
    signups: ReturnType<typeof createSignupRepository>;
    sessions: SessionRepository;
    contact: ReturnType<typeof createContactRepository>;
    history: HistoryRepository;
  },
  options: { outboxDir: string; log: Logger<'info' | 'error'>; limiter: Pick<SharedLimiter, 'purgeExpired'>; jobs: RetentionJobs },
) {
  const timers: NodeJS.Timeout[] = [];

  async function runOnce(now = new Date()): Promise<RetentionReport> {
    return {
      // First: an erasure a crash interrupted is finished before anything else is purged.
      erasuresFinished: await options.jobs.finishErasures(),
      loginCodes: await codes.purgeDead(now),
      pendingSignups: await signups.sweepPending(now),
      sessions: await sessions.purgeExpired(now),
      contactMessages: await contact.purgeMessagesBefore(new Date(now.getTime() - RETENTION.contactMessageDays * DAY_MS)),
      errorReports: await contact.purgeReportsBefore(new Date(now.getTime() - RETENTION.errorReportDays * DAY_MS)),
      history: await history.purgeBefore(new Date(now.getTime() - RETENTION.historyDays * DAY_MS)),
      outboxFiles: await purgeOutbox(options.outboxDir, {
        olderThan: new Date(now.getTime() - RETENTION.outboxHours * 3_600_000),
      }),
      rateLimits: await options.limiter.purgeExpired(),
      contributions: await options.jobs.purgeContributions(now),
      // After the purge, so the files of what it deleted go at once if a crash kept them.
      orphanPhotos: await options.jobs.sweepOrphanPhotos(),
      trustedReleased: await options.jobs.releaseTrustedToOff(now),
    };
  }

  const tick = () => {
    runOnce().then(
      (report) => options.log.info({ purged: report }, 'retention: personal data past its time purged'),
      (err: unknown) => options.log.error({ err }, 'retention: purge failed; the next run tries again'),
    );
  };

  return {
    runOnce,
    /** Runs now and then every RETENTION.jobIntervalMinutes. Only the process entry (main.ts) starts it. */
    start(): void {
      if (timers.length > 0) return;
      const timer = setInterval(tick, RETENTION.jobIntervalMinutes * 60_000);
      timer.unref();
      timers.push(timer);
      tick();
    },
    stop(): void {
      for (const t of timers.splice(0)) clearInterval(t);
    },
    isActive: () => timers.length > 0,
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
