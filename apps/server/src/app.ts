import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Env } from './config/env.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { buildPublicConfig } from './modules/content/public-config.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { telemetryRoutes } from './modules/telemetry/telemetry.routes.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export interface AppDependencies {
  env: Env;
  database: { ping(): Promise<boolean> };
  /** Overrides where the built web app is read from (tests point it at a fixture). */
  webDistDir?: string;
  clock?: () => Date;
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** The composition root: every plugin, module and route is wired here and nowhere else. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { env } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: {
      level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: env.NODE_ENV === 'production',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  await registerSecurityHeaders(app);
  await app.register(rateLimit, { global: false });
  await registerOpenApi(app, { title: env.BRAND_NAME, version: env.CLIENT_VERSION });

  await app.register(healthRoutes, { pingDatabase: () => deps.database.ping() });
  await app.register(contentRoutes, { env, startedAt: clock() });
  await app.register(telemetryRoutes);

  await registerSpa(app, {
    distDir: deps.webDistDir ?? env.WEB_DIST_DIR ?? DEFAULT_WEB_DIST,
    config: buildPublicConfig(env),
  });

  return app;
}
