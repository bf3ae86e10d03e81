import type { TestContext } from './test-app.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Requests to one of the app's APIs (/api/shop by default, or /api/commerce) as the caller of
 * `headers`, with a JSON body when one is given.
 */
export function requestsTo(
  ctx: Pick<TestContext, 'app'>,
  prefix: '/api/shop' | '/api/commerce' = '/api/shop',
) {
  return (method: Method, headers: Headers, url: string, payload?: object) =>
    ctx.app.inject({ method, url: `${prefix}${url}`, headers, ...(payload ? { payload } : {}) });
}

/** Calls to the shop's API (/api/shop) on a file's test app, looked up when called (it starts in beforeAll). */
export function shopApi(app: () => TestContext) {
  return {
    get: (url: string, headers: Headers = {}) => requestsTo(app())('GET', headers, url),
    send: (method: Exclude<Method, 'GET'>, url: string, headers: Headers, payload?: object) =>
      requestsTo(app())(method, headers, url, payload),
  };
}
