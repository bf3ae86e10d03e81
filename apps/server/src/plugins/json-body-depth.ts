import type { FastifyInstance } from 'fastify';
import { Invalid } from '../lib/errors.ts';

/** No request of this API nests deeper than a few levels; 32 leaves room and keeps every walk shallow. */
export const MAX_JSON_DEPTH = 32;

export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * The deepest nesting of arrays and objects in a JSON text, counted in one pass without parsing
 * (brackets inside strings do not count), stopping as soon as it passes `limit`.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * JSON bodies are measured before they are parsed: a body nested thousands deep is refused with a
 * 400 instead of reaching the parser and the recursive checks after it (issue 24, item 13). The
 * parsing itself stays Fastify's own (prototype-poisoning protection included).
 */
export function registerJsonBodyDepthLimit(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepthExceeds(body as string, MAX_JSON_DEPTH)) {
      done(new Invalid(TOO_DEEP_MESSAGE), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
