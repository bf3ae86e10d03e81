import { visuallyHiddenClass } from '../../../../components/visually-hidden/visually-hidden.tsx';
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

/**
 * An audit event's "Changes": a disclosure holding a compact before / after grid, one line per
 * field (a description list: each field with its value before and after).
 */
export function ChangeDiff({
  before,
  after,
  open = false,
}: {
  before: unknown;
  after: unknown;
  /** Shown open (an event's details view). */
  open?: boolean;
}) {
  const changes = changesOf(before, after);
  if (changes.length === 0) return <span className={styles.none}>No fields recorded</span>;
  return (
    <details className={styles.disclosure} open={open}>
      <summary>Changes ({changes.length})</summary>
      <div className={styles.diff}>
        <div className={`${styles.diffRow} ${styles.diffHead}`} aria-hidden="true">
          <span>Field</span>
          <span>Before</span>
          <span>After</span>
        </div>
        <dl className={styles.diffRows}>
          {changes.map((change) => (
            <div key={change.field} className={styles.diffRow}>
              <dt className={styles.diffField}>{change.field}</dt>
              <dd className={`${styles.value} ${styles.before}`}>
                <span className={visuallyHiddenClass}>before: </span>
                {jsonText(change.before)}
              </dd>
              <dd className={styles.value}>
                <span className={visuallyHiddenClass}>after: </span>
                {jsonText(change.after)}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
