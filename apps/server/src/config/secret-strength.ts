/**
 * The estimate a signing secret that repeats itself must reach. A random 32-character hex secret
 * (128 bits) estimates at about 117 on average (a short sample looks less random than it is), but
 * 1 in 1,000 of them falls below 100: an estimate alone refused valid random secrets.
 */
export const MIN_SECRET_ENTROPY_BITS = 100;

/** Below this estimate a secret is refused whatever it looks like. */
const MIN_ANY_SECRET_ENTROPY_BITS = 64;

/** The length of a run of characters that, seen twice, marks a word or pattern repeated to reach the length. */
const REPEATED_RUN = 6;

/**
 * A rough upper bound of a secret's entropy: its length times the Shannon entropy of its character
 * frequencies. It cannot prove a secret random, but it catches the obviously weak ones (`aaaa…`,
 * `passwordpassword…`, a short word repeated to reach the minimum length).
 */
export function estimatedEntropyBits(secret: string): number {
  const characters = [...secret];
  const counts = new Map<string, number>();
  for (const character of characters) counts.set(character, (counts.get(character) ?? 0) + 1);
  let bitsPerCharacter = 0;
  for (const count of counts.values()) {
    const p = count / characters.length;
    bitsPerCharacter -= p * Math.log2(p);
  }
  return bitsPerCharacter * characters.length;
}

/** True when some run of REPEATED_RUN characters occurs twice in the secret. */
function repeatsItself(secret: string): boolean {
  const seen = new Set<string>();
  for (let start = 0; start + REPEATED_RUN <= secret.length; start++) {
    const run = secret.slice(start, start + REPEATED_RUN);
    if (seen.has(run)) return true;
    seen.add(run);
  }
  return false;
}

/**
 * Too easy to guess: a very low estimate, or a low one in a secret that repeats itself
 * (`passwordpassword…`, `01234567` four times). A random 128-bit hex secret whose character counts
 * happen to be uneven is kept: it has no repeated run (both together: about 1 in 50 million).
 */
export function isGuessableSecret(secret: string): boolean {
  const bits = estimatedEntropyBits(secret);
  return bits < MIN_ANY_SECRET_ENTROPY_BITS || (bits < MIN_SECRET_ENTROPY_BITS && repeatsItself(secret));
}
