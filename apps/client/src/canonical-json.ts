/**
 * The canonical JSON the manifest signature covers (docs/client-api.md §2): keys sorted at every
 * level, no whitespace, UTF-8. Arrays keep their order.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    const text = JSON.stringify(value);
    if (text === undefined) throw new TypeError(`Cannot encode ${typeof value} as canonical JSON`);
    return text;
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
}

export const canonicalBytes = (value: unknown): Buffer => Buffer.from(canonicalJson(value), 'utf8');
