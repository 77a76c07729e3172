/**
 * A small seeded generator (mulberry32) for the property and fuzz tests: a failure prints its seed, and the same
 * seed replays the same inputs (FUZZ_SEED=<n> npm run test:server).
 */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance, seed };
}

export type Random = ReturnType<typeof seededRandom>;

/**
 * The seed of this run: a fixed one by default, so CI is repeatable; FUZZ_SEED=<n> replays a reported failure and
 * FUZZ_SEED=random explores (every failure message carries its seed).
 */
export function runSeed(): number {
  const given = process.env.FUZZ_SEED;
  if (given === 'random') return Math.floor(Math.random() * 2 ** 31);
  return given ? Number(given) : 20_261_123;
}
