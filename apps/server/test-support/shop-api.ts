import type { TestContext } from './test-app.ts';

type Headers = Record<string, string>;

/** Calls to the shop's API (/api/shop) on a file's test app, looked up when called (it starts in beforeAll). */
export function shopApi(app: () => TestContext) {
  return {
    get: (url: string, headers: Headers = {}) =>
      app().app.inject({ method: 'GET', url: `/api/shop${url}`, headers }),
    send: (method: 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
      app().app.inject({ method, url: `/api/shop${url}`, headers, ...(payload ? { payload } : {}) }),
  };
}
