import { installPlainValidationMessages } from '@ember/contracts/plain-validation-messages';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { loggerOptions } from '../config/logging.ts';
import { fastifyTrustProxy } from '../config/trust-proxy.ts';
import { createBlobStore } from '../integrations/blob-store/create-blob-store.ts';
import { createMemoryCounterStore, createRedisCounterStore, failingOpen } from '../lib/counter-store.ts';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { registerJsonBodyDepthLimit } from '../plugins/json-body-depth.ts';
import { registerControlCharacterCheck } from '../plugins/reject-control-characters.ts';
import { answerSchemaErrorsWithContractMessages } from '../plugins/schema-errors.ts';
import type { AppDependencies } from './app-dependencies.ts';
import { connectCaches } from './connect-caches.ts';
import type { ModuleContext } from './module-context.ts';

/** The Fastify instance with its compilers and error answers, and what every module builder takes. */
export async function createServerCore(deps: AppDependencies) {
  const { env } = deps;
  const { db } = deps.database;
  const app = Fastify({
    ...loggerOptions(env, { format: deps.logFormat ?? 'json' }),
    bodyLimit: env.BODY_LIMIT_BYTES,
    // Only the declared proxies may name the client (ADR 0012); by default nobody can.
    trustProxy: fastifyTrustProxy(env.TRUST_PROXY),
    // Shutdown (lib/graceful-shutdown.ts): closing ends idle keep-alive connections, and a request
    // arriving on a busy one is not processed but answered 503 with Connection: close (retryable).
    forceCloseConnections: 'idle',
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  installPlainValidationMessages();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  answerSchemaErrorsWithContractMessages(app);
  registerJsonBodyDepthLimit(app);
  registerControlCharacterCheck(app);

  const onClose = (close: () => Promise<unknown> | unknown) => app.addHook('onClose', async () => close());
  // Every in-memory cache of database state, invalidated by name across processes (ADR 0033).
  const caches = await connectCaches(env.DATABASE_URL, env.SERVICES.includes('api'), db, app.log);
  app.decorate('caches', caches);
  onClose(() => caches.close());
  const counters = failingOpen(
    env.REDIS_URL
      ? await createRedisCounterStore({
          url: env.REDIS_URL,
          keyPrefix: env.REDIS_KEY_PREFIX,
          onError: (error) => app.log.warn({ err: error }, 'Redis connection problem'),
        })
      : createMemoryCounterStore(),
    (error) => app.log.error({ err: error }, 'rate-limit store unavailable; request let through'),
  );
  onClose(() => counters.close());
  const context: ModuleContext = {
    env,
    db,
    clock: deps.clock ?? (() => new Date()),
    log: app.log,
    caches,
    counters,
    // Plugin artifacts and client releases (decision 0025): one store for updates, releases and downloads.
    blobs: createBlobStore(env),
    onClose,
    warn: (message, details) => app.log.warn(details ?? {}, message),
  };
  return { app, context };
}
