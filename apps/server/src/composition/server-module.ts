import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { JobDefinition } from '../modules/jobs/index.ts';
import type { AccountTransferSteps } from '../modules/users/index.ts';

/**
 * What a module's index offers the composition root (decision 0068): one Fastify plugin that
 * registers its routes, each under the API base it answers on, plus the jobs its processes run and
 * the account-transfer steps of the tables it owns. `ports` are the services other modules are handed.
 */
export interface ServerModule<Ports = unknown> {
  name: string;
  plugin: FastifyPluginAsync;
  jobs?: readonly JobDefinition[];
  accountTransfer?: Partial<AccountTransferSteps>;
  ports: Ports;
}

/** Every module's jobs, in module order: the one list the job queue knows. */
export function jobsOf(modules: readonly ServerModule[]): JobDefinition[] {
  return modules.flatMap((module) => module.jobs ?? []);
}

/** The account-transfer steps the modules declare, each step named exactly once. */
export function accountTransferOf(modules: readonly ServerModule[]): AccountTransferSteps {
  const steps: Partial<AccountTransferSteps> = {};
  for (const module of modules) {
    for (const [name, step] of Object.entries(module.accountTransfer ?? {})) {
      if (name in steps) throw new Error(`Account-transfer step ${name} is declared twice (${module.name})`);
      Object.assign(steps, { [name]: step });
    }
  }
  const missing = TRANSFER_STEPS.filter((name) => !(name in steps));
  if (missing.length > 0) throw new Error(`No module declares account-transfer step ${missing.join(', ')}`);
  return steps as AccountTransferSteps;
}

const TRANSFER_STEPS: readonly (keyof AccountTransferSteps)[] = [
  'votes',
  'subscriptions',
  'orders',
  'payouts',
  'sessions',
  'accessListEntries',
];

/** Registers each module's plugin in order (the order of the list in app.ts). */
export async function registerModules(
  app: Pick<FastifyInstance, 'register'>,
  modules: readonly ServerModule[],
): Promise<void> {
  for (const module of modules) await app.register(module.plugin);
}
