/**
 * The label reader's pool of OCR processes (ADR 020). Reading a photo costs one core for about a second, so it
 * never runs on the server's event loop: each reading goes to a child process (ocr-process.ts) that owns a
 * Tesseract worker. Processes start when a photo arrives and none is free (up to `workers`), and end after `idleMs`
 * without work, so a server nobody contributes to keeps none (and none of their memory). Photos beyond the busy
 * processes wait in a bounded queue; past it the caller hears at once that the reader is busy (a 503), never a
 * long wait. A process that does not answer within `timeoutMs`, or dies, is ended and replaced on the next photo.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { OcrRequest, OcrResponse } from './ocr-process.ts';
import type { PhotoReading } from './read-photo.ts';

export type OcrPoolOptions = {
  /** OCR processes at most (each takes a core while it reads). */
  workers: number;
  /** Photos that may wait for a free process; one more is refused. */
  queue: number;
  /** A process with no work for this long is ended. */
  idleMs: number;
  /** A reading that takes longer is abandoned (its process ended). */
  timeoutMs: number;
};
export type OcrResult = { reading: PhotoReading; ocrMillis: number };
export type LabelPartName = OcrRequest['part'];

/** Every process busy and the queue full. */
export class OcrBusyError extends Error {}
/** The process died or did not answer in time. */
export class OcrFailedError extends Error {}

type Job = {
  photo: Uint8Array;
  part: LabelPartName;
  resolve: (result: OcrResult) => void;
  reject: (error: Error) => void;
};
type Slot = {
  child: ChildProcess;
  ready: Promise<void>;
  job: (Job & { id: number; timer: NodeJS.Timeout }) | null;
  idleTimer: NodeJS.Timeout | null;
};

const here = fileURLToPath(import.meta.url);
const fromSource = path.extname(here) === '.ts';
/**
 * The OCR process's file beside this module: `ocr-process.ts` run through tsx from source (`npm run dev`, the
 * tests), or, built, `dist/ocr-process.js` beside `dist/main.js` (build.mjs bundles both), with source maps as
 * the server has them.
 */
const childFile = path.join(path.dirname(here), `ocr-process${path.extname(here)}`);
const childExecArgv = fromSource ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : ['--enable-source-maps'];

export function createOcrPool(options: OcrPoolOptions) {
  const slots: Slot[] = [];
  const waiting: Job[] = [];
  let nextId = 1;
  let closed = false;
  let started = 0;

  function start(): Slot {
    started += 1;
    const child = fork(childFile, [], {
      execArgv: childExecArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let markReady!: () => void;
    let failStart!: (error: Error) => void;
    const slot: Slot = { child, ready: new Promise((resolve, reject) => ([markReady, failStart] = [resolve, reject])), job: null, idleTimer: null };
    // A start failure is reported through the job that waits on it.
    slot.ready.catch(() => undefined);
    // A process that cannot start within the reading's time is ended like a reading that hangs.
    const startTimer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('message', (message: OcrResponse | { ready: true }) => {
      if ('ready' in message) {
        clearTimeout(startTimer);
        return markReady();
      }
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      clearTimeout(job.timer);
      slot.job = null;
      if ('error' in message) job.reject(new OcrFailedError(message.error));
      else job.resolve({ reading: message.reading, ocrMillis: message.ocrMillis });
      next(slot);
    });
    child.on('exit', () => {
      clearTimeout(startTimer);
      failStart(new OcrFailedError('El proceso de lectura terminó antes de empezar'));
      remove(slot);
      if (slot.job) {
        clearTimeout(slot.job.timer);
        slot.job.reject(new OcrFailedError('El proceso de lectura terminó'));
        slot.job = null;
      }
      // Its photo failed; those waiting get a new process.
      if (!closed && waiting.length > 0) dispatch(waiting.shift()!);
    });
    child.on('error', () => child.kill('SIGKILL'));
    // Below the server's own priority: when the cores are busy, answering requests comes before reading photos.
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here (some containers): it reads at the same priority.
    }
    slots.push(slot);
    return slot;
  }

  function remove(slot: Slot) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const at = slots.indexOf(slot);
    if (at >= 0) slots.splice(at, 1);
  }

  function run(slot: Slot, job: Job) {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    const id = nextId++;
    // The reading's time counts from when its process is ready (starting one has its own bound, above).
    const expire = () => {
      // A reading that hangs takes its process with it; the next photo starts a fresh one.
      slot.job = null;
      remove(slot);
      slot.child.kill('SIGKILL');
      job.reject(new OcrFailedError('La lectura tardó demasiado'));
      if (!closed && waiting.length > 0) dispatch(waiting.shift()!);
    };
    slot.job = { ...job, id, timer: setTimeout(() => undefined, 0) };
    slot.ready.then(
      () => {
        if (slot.job?.id !== id) return;
        slot.job.timer = setTimeout(expire, options.timeoutMs);
        slot.child.send({ id, photo: job.photo, part: job.part } satisfies OcrRequest);
      },
      (error: Error) => {
        if (slot.job?.id !== id) return;
        clearTimeout(slot.job.timer);
        slot.job = null;
        job.reject(error);
      },
    );
  }

  /** After a job: the next waiting photo, or the idle countdown. */
  function next(slot: Slot) {
    const job = waiting.shift();
    if (job) return run(slot, job);
    slot.idleTimer = setTimeout(() => {
      remove(slot);
      slot.child.kill();
    }, options.idleMs);
    slot.idleTimer.unref();
  }

  function dispatch(job: Job) {
    const free = slots.find((s) => !s.job);
    if (free) return run(free, job);
    if (slots.length < options.workers) return run(start(), job);
    waiting.push(job);
  }

  return {
    /** Reads one photo; rejects with OcrBusyError at once when every process is busy and the queue is full. */
    read(photo: Uint8Array, part: LabelPartName): Promise<OcrResult> {
      if (closed) return Promise.reject(new OcrFailedError('El lector está cerrado'));
      const busy = slots.filter((s) => s.job).length;
      if (busy >= options.workers && waiting.length >= options.queue) return Promise.reject(new OcrBusyError('Todos los lectores ocupados'));
      return new Promise<OcrResult>((resolve, reject) => dispatch({ photo, part, resolve, reject }));
    },
    /** Processes alive, reading, and photos waiting (health of the pool; tests and the bench read it). */
    stats: () => ({ processes: slots.length, reading: slots.filter((s) => s.job).length, waiting: waiting.length, started }),
    /** The processes' ids, to measure their memory (bench). */
    pids: () => slots.map((s) => s.child.pid).filter((pid): pid is number => pid !== undefined),
    async close(): Promise<void> {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new OcrFailedError('El lector está cerrado'));
      await Promise.all(
        slots.splice(0).map(
          (slot) =>
            new Promise<void>((resolve) => {
              if (slot.idleTimer) clearTimeout(slot.idleTimer);
              if (slot.job) {
                clearTimeout(slot.job.timer);
                slot.job.reject(new OcrFailedError('El lector está cerrado'));
              }
              if (slot.child.exitCode !== null || slot.child.signalCode !== null) return resolve();
              slot.child.once('exit', () => resolve());
              slot.child.kill();
            }),
        ),
      );
    },
  };
}
export type OcrPool = ReturnType<typeof createOcrPool>;
