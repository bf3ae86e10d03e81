import type { FastifyInstance } from 'fastify';
import { Invalid } from '../lib/errors.ts';

/**
 * C0 and C1 control characters and DEL, except tab, line feed and carriage return (multi-line
 * descriptions keep their line breaks). PostgreSQL refuses NUL in text, and none of the others
 * belongs in a name, a code or a search.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's whole job.
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const controlCharacterMessage = (field: string) =>
  `${field} contains a control character (such as NUL). Remove it and try again.`;

/** The path of the first string holding a control character, or null; keys are checked as well as values. */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL_CHARACTER.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (CONTROL_CHARACTER.test(key)) return itemPath;
    const found = findControlCharacter(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/**
 * The one check for control characters in any text a client sends: path parameters, query string
 * and JSON body are refused with a 400 before any schema or service sees them.
 */
export function registerControlCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['The address', request.params],
      ['The query', request.query],
      ['The request body', request.body],
    ] as const) {
      const found = findControlCharacter(value);
      if (found !== null) throw new Invalid(controlCharacterMessage(found === '' ? part : `'${found}'`));
    }
  });
}
