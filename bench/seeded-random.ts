/** A seeded random source for the benches: the same seed draws the same catalogue, queries and label photos. */

export type Rng = () => number;

/** mulberry32: small, fast, seeded; the same sequence on every run and on both databases. */
export function seededRandom(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
