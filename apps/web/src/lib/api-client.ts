import { errorBody, GENERIC_ERROR_MESSAGE } from '@ember/contracts/errors';
import { getPublicConfig } from '../config/public-config.ts';
import { ApiError } from './api-error.ts';

export type ApiBase = 'identity' | 'shop' | 'commerce';

type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

export interface ApiInit extends Omit<RequestInit, 'body'> {
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and strings are sent as they are. */
  body?: unknown;
  query?: QueryParams;
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

/** The `{ message }` of an error body, or the generic message when there is none. */
function errorMessageOf(body: unknown): string {
  const parsed = errorBody.safeParse(body);
  const message = parsed.success ? parsed.data.message.trim() : '';
  return message || GENERIC_ERROR_MESSAGE;
}

/** One API call with its status and headers (for the few calls that read a header, e.g. Location). */
export async function apiRequest<T = unknown>(
  base: ApiBase,
  path: string,
  init: ApiInit = {},
): Promise<ApiResponse<T>> {
  const { body, query, headers: initHeaders, ...rest } = init;
  const headers = new Headers(initHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  const token = accessTokenProvider();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);

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

  const data = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, errorMessageOf(data));
  return { data: data as T, status: response.status, headers: response.headers };
}

/** JSON in, JSON out against one of the three API bases. Throws ApiError on any failure. */
export async function apiFetch<T = unknown>(base: ApiBase, path: string, init: ApiInit = {}): Promise<T> {
  const { data } = await apiRequest<T>(base, path, init);
  return data;
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
