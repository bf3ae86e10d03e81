import type { DehydratedState } from '@tanstack/react-query';

/** The element the server fills with a rendered page's API answers (apps/server/src/plugins/spa.ts). */
export const SERVER_RENDER_STATE_ELEMENT_ID = 'server-render-state';

/** The API answers the server rendered this page from, or null when the page was not server-rendered. */
export function readServerRenderState(doc: Document): DehydratedState | null {
  const raw = doc.getElementById(SERVER_RENDER_STATE_ELEMENT_ID)?.textContent ?? '';
  return raw.trim() === '' ? null : (JSON.parse(raw) as DehydratedState);
}
