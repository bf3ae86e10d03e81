type Snapshot = Record<string, unknown>;

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The audit trail's before and after: only the fields whose value differs between two snapshots. */
export function changedFields(before: Snapshot, after: Snapshot): { before: Snapshot; after: Snapshot } {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => !sameValue(before[key], after[key]));
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  };
}
