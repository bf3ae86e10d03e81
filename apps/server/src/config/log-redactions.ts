/**
 * What no log line may show: sign-in headers and cookies, and a repository's access token wherever
 * a logged object carries it (a request body, a repository, one level down in any object).
 */
export const LOG_REDACTIONS: string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'accessToken',
  '*.accessToken',
  'req.body.accessToken',
  'body.accessToken',
];
