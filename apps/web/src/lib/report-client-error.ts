import type { ClientErrorReport } from '@ember/contracts/telemetry';
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERROR_URL_MAX,
  CLIENT_ERRORS_PATH,
} from '@ember/contracts/telemetry-limits';

/**
 * Tells the developers about an error the user cannot fix: on the console, and to the server's
 * log (POST /api/client-errors). Never throws and never waits: reporting must not break the page.
 */
export function reportClientError(message: string, error?: unknown): void {
  console.error(message, error);
  const stack = error instanceof Error ? error.stack : undefined;
  const report: ClientErrorReport = {
    message: message.slice(0, CLIENT_ERROR_MESSAGE_MAX),
    stack: stack?.slice(0, CLIENT_ERROR_STACK_MAX),
    url: window.location.href.slice(0, CLIENT_ERROR_URL_MAX),
  };
  try {
    fetch(CLIENT_ERRORS_PATH, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(report),
      keepalive: true,
    }).catch(() => {});
  } catch {
    // No fetch (or it threw synchronously): the console line is all we can do.
  }
}
