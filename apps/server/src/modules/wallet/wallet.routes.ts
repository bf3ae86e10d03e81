import {
  myTransactionsQuery,
  transactionPageResponse,
  transactionsQuery,
  transferCreditsQuery,
  transferCreditsResponse,
  trialBalanceResponse,
} from '@ember/contracts/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idempotencyKeyOf } from '../../lib/idempotency-key.ts';
import { callerOf } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { WalletService } from './wallet.service.ts';

const security = [{ bearer: [] }];

/** Shop base: credit gifts and the transaction history. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  app.put(
    '/users/transfer-credits',
    {
      config: { access: routeAccess('credits:gift'), limit: 'credit-transfer' },
      schema: {
        tags: ['users', 'wallet'],
        summary: 'Gift credits to another account; an Idempotency-Key header makes retries safe',
        security,
        querystring: transferCreditsQuery,
        response: { 200: transferCreditsResponse },
      },
    },
    (request) => wallet.transferCredits(callerOf(request), request.query, idempotencyKeyOf(request)),
  );

  app.get(
    '/transactions',
    {
      config: { access: routeAccess('transaction:list') },
      schema: {
        tags: ['wallet'],
        summary: 'Every ledger entry, newest first; filter by Discord id, type, account and reference',
        security,
        querystring: transactionsQuery,
        response: { 200: transactionPageResponse },
      },
    },
    (request) => wallet.listTransactions(callerOf(request), request.query),
  );

  app.get(
    '/transactions/trial-balance',
    {
      config: { access: routeAccess('ledger:read') },
      schema: {
        tags: ['wallet'],
        summary:
          "Every account's balance (user accounts summed per kind) and their total, 0 when the books balance (admins)",
        security,
        response: { 200: trialBalanceResponse },
      },
    },
    (request) => wallet.trialBalance(callerOf(request)),
  );

  app.get(
    '/transactions/my',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['wallet'],
        summary: "The caller's own ledger entries, newest first",
        security,
        querystring: myTransactionsQuery,
        response: { 200: transactionPageResponse },
      },
    },
    (request) => wallet.listOwnTransactions(callerOf(request), request.query),
  );
};
