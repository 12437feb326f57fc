/**
 * A small seeded generator (mulberry32) for the fault rules' chances: the same `FAULT_SEED` gives
 * the same draws, so a test run that relies on `probability` repeats exactly. Statistical quality
 * far beyond what deciding "fault or not" needs; not for anything secret.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
