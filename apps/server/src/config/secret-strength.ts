/**
 * The estimate a signing secret must reach. A random 32-character hex secret (128 bits) estimates at
 * about 117 (a short sample looks less random than it is), so the bar sits below that.
 */
export const MIN_SECRET_ENTROPY_BITS = 100;

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
