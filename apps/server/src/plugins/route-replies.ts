import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** The part of a reply these helpers use; every route's typed reply has it. */
interface StatusReply {
  code(statusCode: number): { send(payload: unknown): void };
}

/** A handler that answers `status` with what `answer` returns; the route's own part is only that. */
function answering(status: 201 | 202) {
  return <Request, Body>(answer: (request: Request) => Promise<Body>) =>
    async (request: Request, reply: StatusReply) =>
      reply.code(status).send(await answer(request));
}

/** A route that makes something answers 201 with it (its contract declares `response: { 201: … }`). */
export const created = answering(201);

/** A route that queues work answers 202 with what it queued (`response: { 202: … }`). */
export const accepted = answering(202);

/** A route that acts and answers 204 with no body (deletes, unlinks, releases). */
export function noContent<Request>(act: (request: Request) => Promise<unknown>) {
  return async (request: Request, reply: StatusReply) => {
    await act(request);
    return reply.code(204).send(null);
  };
}

/** The contract's 204 answer: no body, with what it means for the API docs ("Deleted", "Closed"…). */
export function noContentResponse(description?: string) {
  return { 204: description === undefined ? z.null() : z.null().describe(description) };
}

/** A file download: an attachment with its name, never cached (exports and receipts hold account data). */
export function sendDownload<Body>(
  reply: FastifyReply,
  contentType: string,
  download: { filename: string; body: Body },
) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .header('cache-control', 'no-store')
    .send(download.body);
}
