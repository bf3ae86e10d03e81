import { reportClientError } from './report-client-error.ts';

/**
 * Reports what no code caught: unhandled promise rejections and uncaught errors outside React's
 * rendering (event handlers, timers). Render errors go through the error boundary. Returns the
 * function that removes the listeners.
 */
export function reportUncaughtErrors(target: Window = window): () => void {
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const message = reason instanceof Error ? reason.message : String(reason);
    reportClientError(`Unhandled rejection: ${message}`, reason);
  };
  const onError = (event: ErrorEvent) => {
    reportClientError(`Uncaught error: ${event.message}`, event.error);
  };
  target.addEventListener('unhandledrejection', onRejection);
  target.addEventListener('error', onError);
  return () => {
    target.removeEventListener('unhandledrejection', onRejection);
    target.removeEventListener('error', onError);
  };
}
