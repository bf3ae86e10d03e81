import styles from './payout-reference.module.css';

/** A reference the owner typed is a link only when it is a well-formed http(s) URL. */
function httpUrlOf(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * A payout's transfer reference, the same for its developer and the owner: a link that opens in a
 * new tab when it is an http(s) URL, else the text; `empty` while there is none (pending).
 */
export function PayoutReference({
  reference,
  empty = 'None yet',
}: {
  reference: string | null;
  empty?: string;
}) {
  if (!reference) return <span className={styles.none}>{empty}</span>;
  const href = httpUrlOf(reference);
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={styles.reference}>
        {reference}
      </a>
    );
  }
  return <span className={styles.reference}>{reference}</span>;
}
