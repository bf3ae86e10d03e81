export interface FakeAuthorizeForm {
  clientId: string;
  redirectUri: string;
  state: string;
  scope: string;
  accounts: { username: string; displayName: string; note: string }[];
  brandName: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const STYLE = `
  :root { color-scheme: dark; }
  body { margin: 0; padding: 24px 0; min-height: 100vh; box-sizing: border-box; display: grid; place-items: center; background: #1e1f22;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #dbdee1; }
  main { width: min(440px, calc(100vw - 32px)); background: #2b2d31; border-radius: 12px; padding: 28px;
    box-shadow: 0 8px 32px rgb(0 0 0 / 0.4); }
  h1 { font-size: 20px; margin: 0 0 4px; color: #fff; }
  p { margin: 0 0 16px; color: #b5bac1; font-size: 14px; }
  .scopes { background: #1e1f22; border-radius: 8px; padding: 10px 14px; font-size: 13px; margin-bottom: 18px; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 8px; }
  button { width: 100%; display: flex; justify-content: space-between; align-items: center; gap: 12px;
    padding: 11px 14px; border: 0; border-radius: 8px; background: #5865f2; color: #fff; font: inherit;
    font-weight: 600; cursor: pointer; text-align: left; }
  button:hover, button:focus-visible { background: #4752c4; outline: 2px solid #fff3; }
  small { font-weight: 400; opacity: 0.8; font-size: 12px; }
  .other { margin-top: 18px; display: grid; gap: 6px; font-size: 13px; }
  .other .row { display: flex; gap: 8px; }
  .other input { flex: 1; min-width: 0; padding: 9px 10px; border: 1px solid #4e5058; border-radius: 8px;
    background: #1e1f22; color: inherit; font: inherit; }
  .other button { width: auto; }
  .dev { margin-top: 18px; font-size: 12px; color: #949ba4; }
`;

/** The development stand-in for Discord's consent screen: one button per demo account. */
export function renderFakeAuthorizePage(form: FakeAuthorizeForm): string {
  const hidden = (name: string, value: string) =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const fields =
    hidden('client_id', form.clientId) +
    hidden('redirect_uri', form.redirectUri) +
    hidden('state', form.state) +
    hidden('scope', form.scope);
  const buttons = form.accounts
    .map(
      (account) => `<li><form method="post" action="">${fields}${hidden('username', account.username)}
        <button type="submit">Continue as ${escapeHtml(account.username)}<small>${escapeHtml(account.note)}</small></button>
      </form></li>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in with Discord (development)</title><style>${STYLE}</style></head>
<body><main>
<h1>Sign in to ${escapeHtml(form.brandName)}</h1>
<p>Development sign-in: pick a demo account or name another user. No real Discord account is used.</p>
<div class="scopes">Requested access: ${escapeHtml(form.scope)}</div>
<ul>${buttons}</ul>
<form method="post" action="" class="other">${fields}<input type="hidden" name="new_user" value="1">
  <label for="other-username">Another Discord user (a new account: letters, digits, _ and .)</label>
  <div class="row"><input id="other-username" name="username" required pattern="[a-z0-9_.]{2,32}" autocomplete="off">
  <button type="submit">Continue</button></div>
</form>
<p class="dev">This page replaces Discord only when no Discord application is configured. It is refused in production.</p>
</main></body></html>`;
}
