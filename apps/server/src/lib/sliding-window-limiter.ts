/**
 * At most `limit` grants in any window of `windowMs`: a sliding log of the last `limit` grant times.
 *
 * Why not a library's token bucket or fixed window (`limiter`, `bottleneck`'s reservoir, `rate-limiter-flexible`):
 * a bucket that starts full with N tokens and refills N per minute, or a counter that resets every minute, both
 * let 2N through in the minute that straddles a refill or a reset, and Open Food Facts' 15 product reads a minute
 * is a limit to stay under, not to average. The libraries that are strict (p-throttle's `strict`) queue the
 * caller for as long as it takes; a shopper holding a phone wants a "try again" now instead.
 *
 * `pauseFor` stops every grant for as long as the other side asked (a 429 or 503 with Retry-After). Time is
 * monotonic (`performance.now()`): a clock set back never reopens a full window.
 */
export type SlidingWindowLimiter = {
  /** Takes a slot when one is free now; false when the window is full or the limiter is paused. */
  tryTake: () => boolean;
  /** No grant for `ms` from now; a pause that ends before the current one changes nothing. */
  pauseFor: (ms: number) => void;
};

export function createSlidingWindowLimiter(options: {
  limit: number;
  windowMs: number;
  now?: () => number;
}): SlidingWindowLimiter {
  const { limit, windowMs } = options;
  const now = options.now ?? (() => performance.now());
  /** Grant times, oldest first; never more than `limit`. */
  const grants: number[] = [];
  let pausedUntil = -Infinity;
  return {
    tryTake() {
      const t = now();
      if (t < pausedUntil || limit <= 0) return false;
      if (grants.length >= limit) {
        // The oldest of the last `limit` grants must have left the window.
        if (t - grants[0]! < windowMs) return false;
        grants.shift();
      }
      grants.push(t);
      return true;
    },
    pauseFor(ms) {
      pausedUntil = Math.max(pausedUntil, now() + ms);
    },
  };
}
