import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../composition/module-context.ts';
import { votesAccountTransfer } from './account-transfer.ts';
import { votesRoutes } from './votes.routes.ts';
import { createVotesService } from './votes.service.ts';

/** Voting for the store and its reward (shop base). */
export function votesModule(
  { env, db, clock, log }: ModuleContext,
  ports: Pick<Parameters<typeof createVotesService>[0], 'subscriptions'>,
) {
  const votes = createVotesService({ db, clock, ...ports, warn: (message) => log.warn(message) });
  const plugin: FastifyPluginAsyncZod = async (app) => {
    await app.register(votesRoutes, { prefix: env.API_SHOP_BASE, votes });
  };
  return { name: 'votes', plugin, accountTransfer: { votes: votesAccountTransfer }, ports: {} };
}
