import { GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import type { z } from 'zod';
import { type Contract, parseAnswer } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { reportClientError } from './report-client-error.ts';

/** A static JSON document outside the API bases (e.g. the updater bootstrap), parsed with its contract. */
export async function fetchJsonDocument<S extends z.ZodType>(
  url: string,
  schema: Contract<S>,
): Promise<z.output<S>> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: 'application/json' } });
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  if (!response.ok) throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  // A body cut off (the page left, the connection dropped) is a network failure, not a broken answer.
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    const type = response.headers.get('content-type') ?? 'no content type';
    reportClientError(`The answer of GET ${url} was not JSON (${type}, ${text.length} characters).`);
    throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
  }
  return parseAnswer(schema, body, response, `GET ${url}`);
}
