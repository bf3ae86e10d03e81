import { readFile } from 'node:fs/promises';
import { bootstrapSchema } from '@ember/contracts/bootstrap';
import { publicConfigSchema } from '@ember/contracts/public-config-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Env } from '../../config/env.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { buildBootstrap, type LoaderRelease } from './bootstrap.ts';
import { buildPublicConfig } from './public-config.ts';

/** The markdown documents the web app renders; public, no auth. */
export const DOCUMENTS = ['TOS.md', 'PrivacyPolicy.md', 'FAQ.md', 'VIP.md'] as const;

const CONTENT_DIR = new URL('../../../content/', import.meta.url);

async function loadDocuments(): Promise<Map<string, string>> {
  const entries = await Promise.all(
    DOCUMENTS.map(async (name) => [name, await readFile(new URL(name, CONTENT_DIR), 'utf8')] as const),
  );
  return new Map(entries);
}

export const contentRoutes: FastifyPluginAsyncZod<{
  env: Env;
  startedAt: Date;
  /** The published loader the bootstrap points at; none: the configured CLIENT_VERSION. */
  currentLoader?: () => Promise<LoaderRelease | null>;
}> = async (app, { env, startedAt, currentLoader }) => {
  const route = declareRoutes(app, { tags: ['content'] });

  const documents = await loadDocuments();
  const publicConfig = buildPublicConfig(env);

  for (const [name, body] of documents) {
    route.get(`/${name}`, { access: 'public', hide: true }, async (_request, reply) =>
      reply
        .header('content-type', 'text/markdown; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(body),
    );
  }

  route.get(
    '/bootstrap.json',
    {
      access: 'public',
      summary: 'Updater bootstrap: download address per platform',
      response: { 200: bootstrapSchema },
    },
    async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=60')
        .send(buildBootstrap(env, startedAt, (await currentLoader?.()) ?? null)),
  );

  route.get(
    '/api/public-config',
    {
      access: 'public',
      summary: 'Runtime configuration of the web app',
      response: { 200: publicConfigSchema },
    },
    async () => publicConfig,
  );
};
