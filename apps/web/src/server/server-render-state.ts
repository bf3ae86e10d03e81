import { SERVER_RENDER_STATE_ELEMENT_ID } from '@ember/contracts/constants';
import type { DehydratedState } from '@tanstack/react-query';

/** The API answers the server rendered this page from, or null when the page was not server-rendered. */
export function readServerRenderState(doc: Document): DehydratedState | null {
  const raw = doc.getElementById(SERVER_RENDER_STATE_ELEMENT_ID)?.textContent ?? '';
  return raw.trim() === '' ? null : (JSON.parse(raw) as DehydratedState);
}
