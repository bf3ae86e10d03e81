/** Escapes text for HTML content. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The page a browser gets when a page address fails (429, 413, 500…): a page route never answers
 * with a JSON body (issue 24, item 12). Plain and self-contained: the app's files may be what is refused.
 */
export function errorPageHtml(status: number, message: string, retryAfterSeconds?: number): string {
  const retry =
    retryAfterSeconds === undefined
      ? '<p><a href="">Try again</a></p>'
      : `<p>You can <a href="">try again</a> in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.</p>`;
  const title =
    status === 429 ? 'Too many requests' : status >= 500 ? 'Something went wrong' : 'Request refused';
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${title}</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:2rem;background:#111318;color:#f2f2f3}',
    'main{max-width:36rem;margin:10vh auto}a{color:#ffb347;text-decoration:underline}</style>',
    `</head><body><main><h1>${title}</h1><p>${escapeHtml(message)}</p>${retry}</main></body></html>`,
  ].join('');
}
