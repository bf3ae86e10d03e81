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
import { declareRoutes } from '../../plugins/define-route.ts';
import type { WalletService } from './wallet.service.ts';

/** Shop base: credit gifts and the transaction history. */
export const walletRoutes: FastifyPluginAsyncZod<{ wallet: WalletService }> = async (app, { wallet }) => {
  const creditRoutes = declareRoutes(app, { tags: ['users', 'wallet'] });
  const route = declareRoutes(app, { tags: ['wallet'] });

  creditRoutes.put(
    '/users/transfer-credits',
    {
      action: 'credits:gift',
      limit: 'credit-transfer',
      summary: 'Gift credits to another account; an Idempotency-Key header makes retries safe',
      querystring: transferCreditsQuery,
      response: { 200: transferCreditsResponse },
    },
    (request) => wallet.transferCredits(callerOf(request), request.query, idempotencyKeyOf(request)),
  );

  route.get(
    '/transactions',
    {
      action: 'transaction:list',
      summary: 'Every ledger entry, newest first; filter by Discord id, type, account and reference',
      querystring: transactionsQuery,
      response: { 200: transactionPageResponse },
    },
    (request) => wallet.listTransactions(callerOf(request), request.query),
  );

  route.get(
    '/transactions/trial-balance',
    {
      action: 'ledger:read',
      summary:
        "Every account's balance (user accounts summed per kind) and their total, 0 when the books balance (admins)",
      response: { 200: trialBalanceResponse },
    },
    (request) => wallet.trialBalance(callerOf(request)),
  );

  route.get(
    '/transactions/my',
    {
      access: 'signed-in',
      summary: "The caller's own ledger entries, newest first",
      querystring: myTransactionsQuery,
      response: { 200: transactionPageResponse },
    },
    (request) => wallet.listOwnTransactions(callerOf(request), request.query),
  );
};
