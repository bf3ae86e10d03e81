/** mulberry32: a tiny seeded generator, so "random" demo data is the same on every run. */
export function createPrng(seed: number) {
  let state = seed >>> 0;
  const nextFloat = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, maxInclusive: number) => min + Math.floor(nextFloat() * (maxInclusive - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[int(0, items.length - 1)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  };
  return { nextFloat, int, pick };
}

export type Prng = ReturnType<typeof createPrng>;
