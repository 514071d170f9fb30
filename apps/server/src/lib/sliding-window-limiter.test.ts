import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createSlidingWindowLimiter } from './sliding-window-limiter.ts';

const WINDOW = 60_000;

/** Asks at each of the given times (sorted); returns each answer. */
function decide(limit: number, times: number[], pauses: Map<number, number> = new Map()) {
  let now = 0;
  const limiter = createSlidingWindowLimiter({ limit, windowMs: WINDOW, now: () => now });
  return times.map((t) => {
    now = t;
    const ok = limiter.tryTake();
    const pause = pauses.get(t);
    if (pause !== undefined) limiter.pauseFor(pause);
    return { t, ok };
  });
}

/** The times that were granted. */
const run = (limit: number, times: number[], pauses?: Map<number, number>) =>
  decide(limit, times, pauses)
    .filter((d) => d.ok)
    .map((d) => d.t);

describe('sliding-window limiter', () => {
  it('grants 15 at once, then nothing until the first grant leaves the window', () => {
    const granted = run(15, [...Array.from({ length: 20 }, () => 0), 59_999, 60_000, 60_000]);
    expect(granted).toEqual([...Array.from({ length: 15 }, () => 0), 60_000, 60_000]);
  });

  it('never grants more than the limit in any window, wherever the window starts (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 200 }),
        (limit, raw) => {
          const granted = run(limit, [...raw].sort((a, b) => a - b));
          // Every window that matters starts at a grant: count the grants in [g, g + window).
          for (const start of granted) {
            expect(granted.filter((g) => g >= start && g < start + WINDOW).length).toBeLessThanOrEqual(limit);
          }
        },
      ),
    );
  });

  it('refuses only when the window is really full: a refused request had `limit` grants in the window before it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 15 }),
        fc.array(fc.integer({ min: 0, max: 300_000 }), { maxLength: 200 }),
        (limit, raw) => {
          const decisions = decide(limit, [...raw].sort((a, b) => a - b));
          const granted = decisions.filter((d) => d.ok).map((d) => d.t);
          for (const { t, ok } of decisions) {
            if (ok) continue;
            // Grants at or before t are the ones made before this request (times are sorted, ties in order).
            expect(granted.filter((g) => g <= t && g > t - WINDOW).length).toBe(limit);
          }
        },
      ),
    );
  });

  it('a pause refuses everything until it ends, and a shorter later pause does not cut it short', () => {
    const granted = run(15, [0, 1_000, 30_000, 119_999, 120_000], new Map([[0, 120_000], [1_000, 10]]));
    expect(granted).toEqual([0, 120_000]);
  });

  it('a limit of 0 grants nothing', () => {
    expect(run(0, [0, 100_000])).toEqual([]);
  });
});
