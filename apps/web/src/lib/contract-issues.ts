import type { z } from 'zod';

/**
 * What a value is, for a developer reading a report: its kind, never its content (an answer may
 * hold personal data). Arrays and null are named as such; text says how long it is.
 */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  if (typeof value === 'object') return 'an object';
  return typeof value;
}

/** The value found at `path` inside `data`, or undefined where the path leads nowhere. */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The rule an issue broke, in zod's own terms (the contracts' plain messages are for users). */
function ruleOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}`;
    case 'invalid_format':
      return `expected the format ${issue.format}`;
    case 'unrecognized_keys':
      return `unexpected keys ${issue.keys.join(', ')}`;
    default:
      return `${issue.code}: ${issue.message}`;
  }
}

/**
 * A contract mismatch for the developers: one `path: rule, received kind` per issue, so a report
 * names the field that failed and why ("platforms.windows.url: expected string, received undefined").
 * The whole answer is `(answer)`.
 */
export function describeContractIssues(error: z.ZodError, data: unknown): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(answer)';
      return `${path}: ${ruleOf(issue)}, received ${kindOf(valueAt(data, issue.path))}`;
    })
    .join('; ');
}
