import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../lib/errors.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import type { TufRepository } from './tuf-repository.service.ts';

/** The TUF repository's metadata (docs/client-api.md §TUF): public, as signed metadata is. */
export const tufRoutes: FastifyPluginAsyncZod<{ repository: TufRepository }> = async (
  app,
  { repository },
) => {
  const route = declareRoutes(app, { tags: ['client'] });

  route.get(
    '/tuf/metadata/:name',
    {
      access: 'public',
      summary: 'A TUF metadata file: timestamp.json, or {version}.{role}.json (consistent snapshots)',
      params: z.object({ name: z.string().max(100) }),
    },
    async (request, reply) => {
      const body = await repository.file(request.params.name);
      if (body === null) throw new NotFound('No such metadata file in this repository.');
      return (
        reply
          .header('content-type', 'application/json')
          // Versioned files never change; timestamp.json changes with every renewal.
          .header(
            'cache-control',
            request.params.name === 'timestamp.json' ? 'no-store' : 'public, max-age=31536000, immutable',
          )
          .send(body)
      );
    },
  );
};
