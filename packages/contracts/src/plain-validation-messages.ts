import { z } from 'zod';

/** The words a person reads for a field named in camelCase: `discordId` → "discord id". */
function fieldWords(path: readonly PropertyKey[]): string | null {
  const last = [...path].reverse().find((key): key is string => typeof key === 'string');
  return last ? last.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase() : null;
}

/**
 * The sentence for a rule a contract did not word itself. zod's own messages ('Invalid input:
 * expected string, received undefined') are written for programmers and must never reach a toast.
 */
export function plainValidationMessage(issue: {
  code: string;
  path?: readonly PropertyKey[];
  input?: unknown;
}): string {
  const field = fieldWords(issue.path ?? []);
  if (!field) return 'The request is not valid.';
  const missing = issue.code === 'invalid_type' && (issue.input === undefined || issue.input === null);
  return missing ? `Please fill in the ${field}.` : `The ${field} is not valid.`;
}

/**
 * Makes every schema without its own message answer with a plain sentence (server and web call
 * this once at start). A message a contract sets on a rule always wins over this one.
 */
export function installPlainValidationMessages(): void {
  z.config({ customError: (issue) => plainValidationMessage(issue) });
}
