import styles from './payout-reference.module.css';

/** A reference the owner typed is a link only when it is a well-formed http(s) URL. */
export function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** A payout's transfer reference: a link that opens in a new tab, plain text, or 'None yet'. */
export function PayoutReference({ reference }: { reference: string | null }) {
  if (!reference) return <span className={styles.none}>None yet</span>;
  if (isHttpUrl(reference)) {
    return (
      <a href={reference.trim()} target="_blank" rel="noopener noreferrer" className={styles.reference}>
        {reference}
      </a>
    );
  }
  return <span className={styles.reference}>{reference}</span>;
}
