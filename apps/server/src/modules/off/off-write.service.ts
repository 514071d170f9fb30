import type { FastifyBaseLogger } from 'fastify';
import type { OffSending, OffWriteStatus } from '@etiqueta/contracts';
import type { OffPhoto } from '../../db/schema.ts';
import { rerunningJob } from '../../lib/rerunning-job.ts';
import type { SharedLimiter } from '../limits/limits.service.ts';
import { parseRetryAfter } from './adapters/off-http.ts';

import { isRetryable, type OffOutboxRepository, type OutboxRow } from './off-outbox.repository.ts';

/** Where the outbox's photo files are read from: the contributions' photo store. */
type OffPhotoFiles = { read(file: string): Promise<Buffer> };

export type OffWriteConfig = {
  user?: string | undefined;
  password?: string | undefined;
  url: string;
  userAgent: string;
  perMinute: number;
};

export type OffWriterOptions = {
  /** How long a claimed row is ours (renewed after each step; longer than one request): a sender killed mid-send leaves it to another after this. */
  leaseMs?: number;
  /**
   * First wait after a failure that may pass (429, 5xx, no answer); doubles with each failure in a row (a step that
   * goes through starts the count again), up to `maxBackoffMs`; never shorter than OFF's Retry-After.
   */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How often the loop looks for rows due (an approval in this process also wakes it). */
  pollMs?: number;
  /** From the request to OFF's whole answer. */
  requestTimeoutMs?: number;
};

/** The app as OFF's moderators see it (`app_name`, `app_version`): the name and version of our User-Agent. */
function appOf(userAgent: string) {
  const [name = 'EtiquetaClara', version = '1.0'] = userAgent.split(' ')[0]!.split('/');
  return { app_name: name, app_version: version };
}

const LIMIT_KEY = 'off:writes';

/** A step OFF did not take: `retry` when it may pass (429, 5xx, no answer), with OFF's Retry-After if it sent one. */
class StepFailure extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Approved contributions to Open Food Facts (issue 25, ADR 025, docs/off-write.md). `enqueue` writes the outbox
 * row inside the approval's transaction; the loop claims due rows one at a time (a lease in the row, taken with
 * `FOR UPDATE SKIP LOCKED`, so two processes never send the same row), sends the product fields then each photo,
 * and records each step as OFF accepts it. 429, 5xx and network failures come back later (backoff, Retry-After
 * honoured, also as a block of the shared limiter so every process waits); anything else OFF refuses is final and
 * shown to the admin. Without OFF_WRITE_USER nothing is sent.
 */
export function createOffWriter(deps: { repo: OffOutboxRepository; config: OffWriteConfig; limiter: SharedLimiter; photos: OffPhotoFiles; log: FastifyBaseLogger }, options: OffWriterOptions = {}) {
  const { repo, config, limiter, photos, log } = deps;
  const leaseMs = options.leaseMs ?? 60_000;
  const backoffMs = options.backoffMs ?? 5_000;
  const maxBackoffMs = options.maxBackoffMs ?? 600_000;
  const pollMs = options.pollMs ?? 15_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
  const enabled = Boolean(config.user && config.password);
  const base = config.url.replace(/\/+$/, '');
  const app = appOf(config.userAgent);

  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set by `stop`: a send waiting for the budget gives its row back instead of waiting. */
  let halted = false;

  async function post(path: string, body: URLSearchParams | FormData): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'User-Agent': config.userAgent, Accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
    } catch (err) {
      throw new StepFailure(`Open Food Facts no respondió (${err instanceof Error && err.name === 'TimeoutError' ? 'tiempo agotado' : 'error de red'}); se reintentará.`, true);
    }
    const text = await response.text().catch(() => '');
    if (response.status === 429 || response.status >= 500) {
      const after = parseRetryAfter(response.headers.get('retry-after'));
      if (after !== null) await limiter.block(LIMIT_KEY, after);
      throw new StepFailure(`Open Food Facts respondió ${response.status} (${response.status === 429 ? 'demasiadas solicitudes' : 'no disponible'}); se reintentará.`, true, after);
    }
    if (response.status < 200 || response.status >= 300) {
      throw new StepFailure(`Open Food Facts rechazó el envío (HTTP ${response.status}).`, false);
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new StepFailure('Open Food Facts respondió algo que no es JSON; se reintentará.', true);
    }
  }

  const credentials = () => ({ user_id: config.user!, password: config.password! });

  /** product_jqm2.pl, form-urlencoded as OFF's own tests send it: `{ status: 1, status_verbose: "fields saved" }`. */
  async function sendFields(row: OutboxRow): Promise<void> {
    const body = new URLSearchParams({ ...credentials(), ...app, app_uuid: row.appUuid, ...row.fields });
    const answer = (await post('/cgi/product_jqm2.pl', body)) as { status?: unknown; status_verbose?: unknown };
    if (answer.status !== 1) {
      throw new StepFailure(`Open Food Facts no guardó los datos: ${typeof answer.status_verbose === 'string' ? answer.status_verbose : 'sin motivo'}.`, false);
    }
  }

  /** product_image_upload.pl, multipart: `imagefield=front_es` and the file in `imgupload_front_es`. */
  async function sendPhoto(row: OutboxRow, photo: OffPhoto): Promise<void> {
    let data: Buffer;
    try {
      data = await photos.read(photo.file);
    } catch {
      throw new StepFailure(`La foto ${photo.field} ya no está guardada; no se pudo enviar.`, false);
    }
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...credentials(), ...app, app_uuid: row.appUuid, code: row.barcode, imagefield: photo.field })) form.append(k, v);
    form.append(`imgupload_${photo.field}`, new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), `${photo.field}.jpg`);
    const answer = (await post('/cgi/product_image_upload.pl', form)) as { status?: unknown; error?: unknown };
    if (answer.status === 'status ok') return;
    const error = typeof answer.error === 'string' ? answer.error : '';
    // OFF keeps each picture once and says so in these words (OFF's own apps and SDK test for them): a photo sent
    // again after a crash between OFF's answer and our record of it is a photo OFF has.
    if (error === 'This picture has already been sent.') return;
    throw new StepFailure(`Open Food Facts no aceptó la foto ${photo.field}: ${error || 'sin motivo'}.`, false);
  }

  /** Waits for the shared write budget (every process together); false when stopped meanwhile. */
  async function budget(): Promise<boolean> {
    for (;;) {
      if (halted) return false;
      const { allowed, retryAfterMs } = await limiter.take(LIMIT_KEY, { limit: config.perMinute, windowMs: 60_000 });
      if (allowed) return true;
      await new Promise((r) => setTimeout(r, Math.min(retryAfterMs, 5_000)));
    }
  }

  /** Sends what is left of one claimed row; every accepted step recorded at once, so a restart does not repeat it. */
  async function send(row: OutboxRow): Promise<void> {
    try {
      if (!row.fieldsSentAt) {
        if (!(await budget())) return release(row.id);
        await sendFields(row);
        await repo.fieldsSent(row.id, leaseMs);
        row.attempts = 0;
      }
      const done = new Set(row.photosSent);
      for (const photo of row.photos) {
        if (done.has(photo.field)) continue;
        if (!(await budget())) return release(row.id);
        await sendPhoto(row, photo);
        done.add(photo.field);
        row.attempts = 0;
        await repo.photosSent(row.id, [...done], leaseMs);
      }
      await repo.sent(row.id);
    } catch (err) {
      if (!(err instanceof StepFailure)) throw err;
      if (!err.retry) {
        await repo.failed(row.id, err.message);
        log.warn({ outboxId: row.id, barcode: row.barcode }, `Envío a Open Food Facts rechazado: ${err.message}`);
        return;
      }
      const attempts = row.attempts + 1;
      const wait = Math.max(err.retryAfterMs ?? 0, Math.min(maxBackoffMs, backoffMs * 2 ** (attempts - 1)) * (0.75 + Math.random() * 0.5));
      await repo.retryAt(row.id, attempts, err.message, new Date(Date.now() + wait));
    }
  }

  const release = (id: number) => repo.release(id);

  /** Sends every row due now, one after another; resolves when none is left due. */
  async function drain(): Promise<number> {
    if (!enabled) return 0;
    let handled = 0;
    for (;;) {
      if (halted) return handled;
      const row = await repo.claim(leaseMs);
      if (!row) return handled;
      await send(row);
      handled++;
    }
  }

  /** Drains the outbox; woken while it drains, it drains once more. A failure waits for the next wake or poll. */
  const sending = rerunningJob(async () => {
    try {
      await drain();
    } catch (err) {
      log.error({ err }, 'El envío a Open Food Facts falló; se reintentará');
    }
  }, () => stopped);
  const loop = () => void sending.run();

  return {
    enabled,

    /**
     * In the approval's transaction: the contribution goes to OFF once committed. `fields` and `photos` are what
     * OFF receives (off-payload.ts), `appUuid` the contributor's anonymous id.
     */
    enqueue: (...args: Parameters<OffOutboxRepository['enqueue']>) => repo.enqueue(...args),

    /** After an approval commits: send now rather than at the next poll. */
    wake(): void {
      if (!stopped && enabled) loop();
    },

    /** A revert, in its transaction: what is not sent yet never will be (`cancel` in off-outbox.repository.ts). */
    cancel: (...args: Parameters<OffOutboxRepository['cancel']>) => repo.cancel(...args),

    /** "Reintentar envío", in the admin's transaction (with its audit entry); `wake` after it commits. */
    retry: (...args: Parameters<OffOutboxRepository['retry']>) => repo.retry(...args),

    /** Where each contribution stands with OFF (the admin's list). */
    async states(contributionIds: number[]): Promise<Map<number, OffSending>> {
      const rows = await repo.byContribution(contributionIds);
      return new Map(rows.map((r) => [r.contributionId, sendingOf(r, enabled)]));
    },

    status(): OffWriteStatus {
      return enabled
        ? { enabled: true, message: 'Las contribuciones aprobadas con el consentimiento de quien las envió se envían a Open Food Facts.' }
        : {
            enabled: false,
            message: 'Las contribuciones aprobadas no se envían a Open Food Facts: falta configurar la cuenta (OFF_WRITE_USER y OFF_WRITE_PASSWORD).',
          };
    },

    drain,

    start(): void {
      if (!enabled || !stopped) return;
      stopped = false;
      halted = false;
      const tick = () => {
        loop();
        timer = setTimeout(tick, pollMs);
        timer.unref();
      };
      tick();
    },

    async stop(): Promise<void> {
      stopped = true;
      halted = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await sending.running();
    },
  };
}

export type OffWriter = ReturnType<typeof createOffWriter>;

/** An outbox row as the admin reads it. */
export function sendingOf(row: OutboxRow, enabled: boolean): OffSending {
  const sentAt = row.sentAt?.toISOString() ?? null;
  const retryable = isRetryable(row);
  if (row.state === 'sent') return { state: 'sent', label: 'Enviado a Open Food Facts', sentAt, retryable };
  if (row.state === 'cancelled') return { state: 'cancelled', label: 'No se envía a Open Food Facts: la contribución fue revertida.', sentAt, retryable };
  if (row.state === 'failed') return { state: 'failed', label: `No se pudo enviar a Open Food Facts: ${row.lastError ?? 'sin motivo'}`, sentAt, retryable };
  const why = !enabled ? ' (el envío está desactivado: falta la cuenta de Open Food Facts)' : row.lastError ? ` — último intento: ${row.lastError}` : '';
  return { state: 'pending', label: `Pendiente de envío${why}`, sentAt, retryable };
}

