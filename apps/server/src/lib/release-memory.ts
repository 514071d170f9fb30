/**
 * Gives the operating system back what a large rebuild freed (ADR 030): one full collection of the kind V8 runs
 * when memory is short, which also returns the heap pages it freed. Without it V8 keeps them until the server has
 * been idle for a while, and a server under load never is: at 50,000 products on PostgreSQL the search index's
 * build left ~150 MB of them (docs/performance.md). It pauses the server once per call (~240 ms at 50,000 products;
 * the caller logs it). Only where Node runs with `--expose-gc`, as the start script does; a process started without
 * it (a test building the app in its own runner) skips it.
 *
 * @returns how long the collection took, in ms, or null when it is not available.
 */
export function releaseFreedMemory(): number | null {
  if (!globalThis.gc) return null;
  const started = performance.now();
  globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return Math.round(performance.now() - started);
}
