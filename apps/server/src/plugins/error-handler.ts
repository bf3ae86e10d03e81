import type { FastifyError, FastifyInstance } from 'fastify';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, TooManyRequests } from '../lib/errors.ts';
import { errorPageHtml } from './error-page.ts';
import { wantsHtmlPage } from './page-requests.ts';

const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

/** Fastify's own 4xx codes, reworded for a person. Anything not listed keeps Fastify's message. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but was declared as JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not supported here. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body.',
};

/**
 * The single place that turns any thrown error into `{ message }` with the right status; a page
 * address gets the same status and message as an HTML page instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const page = wantsHtmlPage(request);
    const retryAfter = error instanceof TooManyRequests ? error.retryAfterSeconds : undefined;
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    const send = (status: number, message: string) =>
      page
        ? reply
            .status(status)
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(errorPageHtml(status, message, retryAfter))
        : reply.status(status).send({ message });
    if (error instanceof AppError) return send(error.statusCode, error.message);
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return send(500, INTERNAL_ERROR_MESSAGE);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message || 'Bad request.';
      return send(status, message);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, INTERNAL_ERROR_MESSAGE);
  });
}
