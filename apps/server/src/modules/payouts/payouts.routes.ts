import {
  confirmPayoutBody,
  earningsResponse,
  payoutIdParams,
  payoutPageResponse,
  payoutResponse,
  payoutsQuery,
  requestPayoutQuery,
} from '@ember/contracts/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created, sendDownload } from '../../plugins/route-replies.ts';
import type { PayoutsService } from './payouts.service.ts';

/**
 * The streamed CSVs go out uncompressed. Measured with 1,000,000 rows (docs/perf/
 * bench-exports-session6.txt): the global brotli held every byte back for 13–15 s and took three
 * times as long; gzip level 1 flushed per chunk took four to five times as long. A proxy in front
 * may still compress them.
 */
const CSV_COMPRESSION = false;

/** Commerce base: developer earnings and payouts. */
export const payoutsRoutes: FastifyPluginAsyncZod<{ payouts: PayoutsService }> = async (app, { payouts }) => {
  const route = declareRoutes(app, { tags: ['payouts'] });

  route.get(
    '/payouts/earnings',
    {
      action: 'developer-stats:read',
      summary:
        "The caller's earnings card from the books: available, reserved by pending payouts, paid out, earned this month",
      response: { 200: earningsResponse },
    },
    (request) => payouts.earnings(requirePrincipal(request)),
  );

  route.post(
    '/payouts/request',
    {
      action: 'payout:request',
      summary:
        'Request a payout of earnings (premium developers); the amount is reserved at once and never exceeds what is available. An Idempotency-Key header makes the request once: a repeat with the same key answers the first payout',
      querystring: requestPayoutQuery,
      response: { 201: payoutResponse },
    },
    created((request) => payouts.request(callerOf(request), request.query.amount, idempotencyKeyOf(request))),
  );

  route.get(
    '/payouts',
    {
      action: 'payout:read',
      summary: "The caller's payouts, newest first (premium developers)",
      querystring: payoutsQuery,
      response: { 200: payoutPageResponse },
    },
    (request) => payouts.listOwn(requirePrincipal(request), request.query),
  );

  route.get(
    '/payouts/all',
    {
      action: 'payout:read',
      summary: "Every developer's payouts, newest first (the owner)",
      querystring: payoutsQuery,
      response: { 200: payoutPageResponse },
    },
    (request) => payouts.listAll(requirePrincipal(request), request.query),
  );

  route.get(
    '/balance-exporter/export',
    {
      action: 'export:balances',
      compress: CSV_COMPRESSION,
      summary: "Every account's credits and earnings as a streamed CSV file, export.csv (the owner)",
      produces: ['text/csv'],
    },
    (request, reply) =>
      sendDownload(reply, 'text/csv; charset=utf-8', payouts.exportBalances(requirePrincipal(request))),
  );

  route.get(
    '/payouts/batch',
    {
      action: 'export:payouts',
      compress: CSV_COMPRESSION,
      summary: 'The pending payouts as a streamed CSV file, oldest request first (the owner)',
      produces: ['text/csv'],
    },
    (request, reply) =>
      sendDownload(reply, 'text/csv; charset=utf-8', payouts.exportPendingPayouts(requirePrincipal(request))),
  );

  route.get(
    '/payouts/:id/receipt',
    {
      action: 'payout:read',
      summary: 'A payout receipt as a PDF file, payout-receipt-{id}.pdf (its developer or the owner)',
      params: payoutIdParams,
      produces: ['application/pdf'],
    },
    async (request, reply) =>
      sendDownload(
        reply,
        'application/pdf',
        await payouts.receipt(requirePrincipal(request), request.params.id),
      ),
  );

  route.get(
    '/payouts/:id',
    {
      action: 'payout:read',
      summary: 'One payout (its developer or the owner)',
      params: payoutIdParams,
      response: { 200: payoutResponse },
    },
    (request) => payouts.get(requirePrincipal(request), request.params.id),
  );

  route.post(
    '/payouts/:id',
    {
      action: 'payout:confirm',
      summary: 'Confirm a pending payout as paid, with the transfer reference (the owner)',
      params: payoutIdParams,
      body: confirmPayoutBody,
      response: { 200: payoutResponse },
    },
    (request) => payouts.confirm(callerOf(request), request.params.id, request.body.reference),
  );
};
