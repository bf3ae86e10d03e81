import { type ApiBase, type ApiInit, apiDownload } from './api-client.ts';

/** A name the browser can save: no folders, no control characters. */
function safeFilename(name: string, fallback: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes.
  const base = (name.split(/[\\/]/).at(-1) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base && base !== '.' && base !== '..' ? base : fallback;
}

/**
 * Saves a file the app holds in memory through a temporary link (the API calls need the bearer
 * token, so a plain href to the API will not do).
 */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Downloads a file from the API and saves it under the server's Content-Disposition filename
 * (`fallbackFilename` when it names none). Resolves with the name it was saved under; a failure
 * rejects with the ApiError (mutations toast it through the app's action error policy).
 */
export async function downloadApiFile(
  base: ApiBase,
  path: string,
  fallbackFilename: string,
  init: ApiInit = {},
): Promise<string> {
  const { blob, filename } = await apiDownload(base, path, init);
  const name = safeFilename(filename ?? '', fallbackFilename);
  saveBlob(blob, name);
  return name;
}
