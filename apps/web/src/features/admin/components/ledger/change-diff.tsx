import styles from './ledger.module.css';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A recorded value as text: JSON, rendered by React as plain text (never as markup). */
export function jsonText(value: unknown): string {
  if (value === undefined) return '—';
  if (typeof value === 'string') return JSON.stringify(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields an audit event changed, before and after. Events record only the changed fields as
 * objects; anything else (a bare value, a list) is one row named "value".
 */
export function changesOf(before: unknown, after: unknown): FieldChange[] {
  if (before == null && after == null) return [];
  if ((before == null || isFields(before)) && (after == null || isFields(after))) {
    const was = (before ?? {}) as Fields;
    const is = (after ?? {}) as Fields;
    const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return fields.map((field) => ({ field, before: was[field], after: is[field] }));
  }
  return [{ field: 'value', before: before ?? undefined, after: after ?? undefined }];
}

/** An audit event's "Changes": a disclosure holding a compact before → after table per field. */
export function ChangeDiff({ before, after, label }: { before: unknown; after: unknown; label: string }) {
  const changes = changesOf(before, after);
  if (changes.length === 0) return <span className={styles.none}>No fields recorded</span>;
  return (
    <details className={styles.disclosure}>
      <summary>Changes ({changes.length})</summary>
      <table className={styles.diff} aria-label={label}>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <th scope="row">{change.field}</th>
              <td>
                <span className={`${styles.value} ${styles.before}`}>{jsonText(change.before)}</span>
              </td>
              <td>
                <span className={styles.value}>{jsonText(change.after)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
