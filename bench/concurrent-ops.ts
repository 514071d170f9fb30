/** Times an operation called `ops` times by `parallel` callers at once: what the store and limiter benches share. */

export type ConcurrentTiming = { elapsedMs: number; opsPerS: number; perOpMs: number; p99Ms: number };

/** Calls op(0) … op(ops − 1), `parallel` at a time; each call's latency kept for the 99th percentile. */
export async function timeConcurrently(ops: number, parallel: number, op: (i: number) => Promise<unknown>): Promise<ConcurrentTiming> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < ops) {
        const i = next++;
        const t = performance.now();
        await op(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsedMs = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return { elapsedMs, opsPerS: (ops / elapsedMs) * 1000, perOpMs: elapsedMs / ops, p99Ms: latencies[Math.floor(latencies.length * 0.99)]! };
}
