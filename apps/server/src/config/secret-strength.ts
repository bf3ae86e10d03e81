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
 * Runs of this many characters, each the next (or previous) of the one before in an alphabet or on
 * a keyboard row, mark a typed sequence. A random hex secret holds one about 1 time in 5 million.
 */
const SEQUENCE_RUN = 8;

/** Orders a person types in: the alphabet followed by the digits (`…xyz0123…`), and the keyboard rows. */
const TYPED_ORDERS = [
  'abcdefghijklmnopqrstuvwxyz0123456789',
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
];

/** True when SEQUENCE_RUN characters in a row follow one of TYPED_ORDERS, forwards or backwards. */
function holdsTypedSequence(secret: string): boolean {
  const lower = secret.toLowerCase();
  for (const order of TYPED_ORDERS) {
    for (const direction of [order, [...order].reverse().join('')]) {
      let run = 1;
      for (let i = 1; i < lower.length; i++) {
        const previous = direction.indexOf(lower.charAt(i - 1));
        run = previous >= 0 && direction.charAt(previous + 1) === lower.charAt(i) ? run + 1 : 1;
        if (run >= SEQUENCE_RUN) return true;
      }
    }
  }
  return false;
}

/** Words of the placeholders in documentation and examples; random secrets of 6+ letters hold none. */
const PLACEHOLDER_WORDS = [
  'change',
  'secret',
  'password',
  'passwd',
  'example',
  'replace',
  'default',
  'placeholder',
];

/**
 * Words joined by separators (`change-me-to-a-long-random-value`, `Change_Me_Now`): a phrase,
 * whatever its length. A word is lower case after its first letter: a random base64url secret is
 * letters and `-`/`_` about 1 time in 5,000, but almost never lower case after each separator.
 */
const PHRASE = /^[A-Za-z][a-z]*(?:[-_ .,][A-Za-z][a-z]*){2,}$/;

/** A phrase, or a secret holding a placeholder word. */
function looksLikePhrase(secret: string): boolean {
  const lower = secret.toLowerCase();
  return PHRASE.test(secret) || PLACEHOLDER_WORDS.some((word) => lower.includes(word));
}

/**
 * Too easy to guess: a very low estimate, or a low one in a secret that repeats itself
 * (`passwordpassword…`, `01234567` four times), a typed sequence (`abcdefgh…`, `qwertyui…`) or a
 * phrase (`change-me-to-a-long-random-secret-value`). The estimate alone cannot require 256 bits: a
 * random 128-bit hex secret must pass, and it has no repeated run, no typed sequence of 8 and no word.
 */
export function isGuessableSecret(secret: string): boolean {
  const bits = estimatedEntropyBits(secret);
  if (bits < MIN_ANY_SECRET_ENTROPY_BITS) return true;
  if (bits < MIN_SECRET_ENTROPY_BITS && repeatsItself(secret)) return true;
  return holdsTypedSequence(secret) || looksLikePhrase(secret);
}
