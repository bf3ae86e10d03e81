import { GENERIC_ERROR_MESSAGE, SESSION_EXPIRED_MESSAGE } from '@ember/contracts/errors';
import type { z } from 'zod';
import { getPublicConfig } from '../config/public-config.ts';
import { ApiError } from './api-error.ts';
import { reportClientError } from './report-client-error.ts';

export type ApiBase = 'identity' | 'shop' | 'commerce' | 'admin';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  query?: QueryParams;
  /** Send no bearer token and skip the session policy (the sign-in calls themselves). */
  anonymous?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

type AccessTokenProvider = () => string | null | undefined;
let accessTokenProvider: AccessTokenProvider = () => null;

/** Sign-in installs this so every call carries `Authorization: Bearer <jwt>`. */
export function setAccessTokenProvider(provider: AccessTokenProvider): void {
  accessTokenProvider = provider;
}

/** Whether calls are made as a signed-in user now (they carry a product JWT). */
export function hasAccessToken(): boolean {
  return Boolean(accessTokenProvider());
}

/**
 * How a silent re-login went: a fresh token is in place, the server refused the session (it is
 * over), or the server could not be asked (429, network, 5xx: the session is kept for later).
 */
export type RenewOutcome = 'renewed' | 'refused' | 'unavailable';

/**
 * What happens when a call made with the session's token answers 401 (installed by sign-in):
 * - `renew`: one silent re-login (the call is retried once when renewed);
 * - `end`: the session is over; the user becomes a guest and is told `message`.
 */
export interface SessionHandlers {
  renew: () => Promise<RenewOutcome>;
  end: (message: string) => void;
}

/** The message of a call that could not be made now; the session is kept. */
export const TRY_AGAIN_LATER_MESSAGE = 'The server is busy or unreachable. Please try again in a moment.';

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterOf(headers: Headers, now = Date.now()): number | undefined {
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

let sessionHandlers: SessionHandlers | null = null;

export function setSessionHandlers(handlers: SessionHandlers | null): void {
  sessionHandlers = handlers;
}

function buildUrl(base: ApiBase, path: string, query: QueryParams | undefined): string {
  const url = `${getPublicConfig().api[base].replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) if (item !== null && item !== undefined) search.append(key, String(item));
  }
  const queryString = search.toString();
  return queryString ? `${url}${url.includes('?') ? '&' : '?'}${queryString}` : url;
}

function isPassThroughBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof URLSearchParams ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The `{ message }` of an error body (ErrorBody of @ember/contracts/errors), or the generic message
 * when there is none. Checked by hand: an error must be readable before any schema has loaded.
 */
function errorMessageOf(body: unknown): string {
  const message =
    typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
      ? body.message.trim()
      : '';
  return message || GENERIC_ERROR_MESSAGE;
}

/**
 * The contract schema of an answer, or the promise of one: the calls the app shell makes (sign-in,
 * the current user) pass `import('@ember/contracts/…').then(…)`, so zod loads alongside the request
 * instead of in the landing bundle.
 */
export type Contract<S extends z.ZodType> = S | PromiseLike<S>;

/**
 * Every successful answer is checked against its contract schema. A mismatch is a bug on our side:
 * it is reported to the developers with the validation details, and the user sees only
 * 'An error occurred.' (never a raw validation message).
 */
export async function parseAnswer<S extends z.ZodType>(
  contract: Contract<S>,
  data: unknown,
  response: Response,
  what: string,
): Promise<z.output<S>> {
  let schema: S;
  try {
    schema = await contract;
  } catch (error) {
    reportClientError(`The contract of ${what} could not be loaded.`, error);
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  const parsed = schema.safeParse(data);
  if (parsed.success) return parsed.data;
  // Only a broken answer needs the wording of its issues: it stays out of the landing bundle. If that
  // chunk cannot load, the report still names the fields.
  const details = await import('./contract-issues.ts').then(
    ({ describeContractIssues }) => describeContractIssues(parsed.error, data),
    () => parsed.error.issues.map((issue) => issue.path.join('.') || '(answer)').join('; '),
  );
  reportClientError(`The answer of ${what} did not match its contract: ${details}`);
  throw new ApiError(response.status, GENERIC_ERROR_MESSAGE);
}

/** `raw`: a successful answer's body is left unread (a download reads it as a Blob). */
async function send(base: ApiBase, path: string, init: ApiInit, raw = false) {
  const { body, query, headers: initHeaders, anonymous = false, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = anonymous ? null : accessTokenProvider();
  const withSession = Boolean(token) && !headers.has('Authorization');
  if (withSession) headers.set('Authorization', `Bearer ${token}`);

  let requestBody: BodyInit | undefined;
  if (body !== undefined) {
    if (isPassThroughBody(body)) {
      requestBody = body;
    } else {
      requestBody = JSON.stringify(body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(base, path, query), {
      credentials: 'include',
      ...rest,
      headers,
      body: requestBody,
    });
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  return { response, data: raw && response.ok ? undefined : await readBody(response), withSession };
}

/**
 * A call under the session policy: a 401 on a call made with the session's token renews an expired
 * session once and retries the call once; otherwise the session ends (the error is then `handled`).
 * Any other failure throws ApiError with the server's message.
 */
async function sendWithSession(base: ApiBase, path: string, init: ApiInit, raw = false) {
  let attempt = await send(base, path, init, raw);
  const handlers = sessionHandlers;
  if (attempt.response.status === 401 && attempt.withSession && handlers) {
    let message = errorMessageOf(attempt.data);
    if (message === SESSION_EXPIRED_MESSAGE) {
      const renewed = await handlers.renew();
      // A busy or unreachable server is no reason to sign anyone out (issue 24, item 12).
      if (renewed === 'unavailable') throw new ApiError(503, TRY_AGAIN_LATER_MESSAGE);
      if (renewed === 'renewed') {
        attempt = await send(base, path, init, raw);
        message = errorMessageOf(attempt.data);
      }
    }
    if (attempt.response.status === 401) {
      handlers.end(message);
      throw new ApiError(401, message, { handled: true });
    }
  }
  const { response, data } = attempt;
  if (!response.ok) {
    throw new ApiError(response.status, errorMessageOf(data), {
      retryAfterSeconds: retryAfterOf(response.headers),
    });
  }
  return attempt;
}

/**
 * One API call with its status and headers (for the few calls that read a header, e.g. Location).
 * The answer is parsed with `schema` (the contract the server answers with; `noContent` for 204).
 * A 401 follows the session policy (sendWithSession).
 */
export async function apiRequest<S extends z.ZodType>(
  base: ApiBase,
  path: string,
  schema: Contract<S>,
  init: ApiInit = {},
): Promise<ApiResponse<z.output<S>>> {
  const { response, data } = await sendWithSession(base, path, init);
  const what = `${(init.method ?? 'GET').toUpperCase()} ${base} ${path}`;
  return {
    data: await parseAnswer(schema, data, response, what),
    status: response.status,
    headers: response.headers,
  };
}

/**
 * JSON in, JSON out against one of the three API bases, the answer parsed with its contract
 * `schema`. Throws ApiError on any failure.
 */
export async function apiFetch<S extends z.ZodType>(
  base: ApiBase,
  path: string,
  schema: Contract<S>,
  init: ApiInit = {},
): Promise<z.output<S>> {
  const { data } = await apiRequest(base, path, schema, init);
  return data;
}

/** A file the API sends as an attachment (a CSV export, a PDF receipt). */
export interface ApiFile {
  blob: Blob;
  /** The Content-Disposition header's filename, or null when the server names none. */
  filename: string | null;
}

/** The filename of a Content-Disposition header (RFC 6266: `filename*=UTF-8''…` wins over `filename`). */
export function filenameOfContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*utf-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // Badly encoded: fall back to the plain filename.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]+))/.exec(header);
  const name = (plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2] ?? '').trim();
  return name || null;
}

/**
 * A download from one of the API bases, with the bearer token and the session policy of every call
 * (so no plain link will do): the body as a Blob, named by the server's Content-Disposition.
 */
export async function apiDownload(base: ApiBase, path: string, init: ApiInit = {}): Promise<ApiFile> {
  const headers = new Headers(init.headers);
  if (!headers.has('Accept')) headers.set('Accept', '*/*');
  const { response } = await sendWithSession(base, path, { ...init, headers }, true);
  let blob: Blob;
  try {
    blob = await response.blob();
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  return { blob, filename: filenameOfContentDisposition(response.headers.get('content-disposition')) };
}

/**
 * A static markdown document (e.g. /TOS.md). An HTML answer means the SPA fallback caught the path,
 * so it counts as missing.
 */
export async function fetchDocument(path: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(path, { headers: { Accept: 'text/markdown, text/plain;q=0.9, */*;q=0.1' } });
  } catch {
    throw new ApiError(0, GENERIC_ERROR_MESSAGE);
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('text/html')) {
    throw new ApiError(response.ok ? 404 : response.status, GENERIC_ERROR_MESSAGE);
  }
  return response.text();
}
