import {
  ACCESS_LISTS,
  accessListAddQuery,
  accessListEntryResponse,
  accessListResponse,
  planIdParams,
  planListUserParams,
  priceIdParams,
  priceListUserParams,
} from '@ember/contracts/catalog';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { AccessListsService } from './access-lists.service.ts';

const security = [{ bearer: [] }];

const LEVELS = [
  {
    level: 'plan',
    path: '/plans',
    tag: 'plans',
    params: planIdParams,
    userParams: planListUserParams,
    access: routeAccess('plan:manage-access-list'),
  },
  {
    level: 'price',
    path: '/prices',
    tag: 'prices',
    params: priceIdParams,
    userParams: priceListUserParams,
    access: routeAccess('price:manage-access-list'),
  },
] as const;

/** Shop base: GET, POST and DELETE of /plans/{id}/whitelist|blacklist and /prices/{id}/whitelist|blacklist. */
export const accessListsRoutes: FastifyPluginAsyncZod<{ accessLists: AccessListsService }> = async (
  app,
  { accessLists },
) => {
  for (const { level, path, tag, params, userParams, access } of LEVELS) {
    for (const list of ACCESS_LISTS) {
      const tags = [tag];

      app.get(
        `${path}/:id/${list}`,
        {
          config: { access },
          schema: {
            tags,
            summary: `The ${list} of a ${level} (its owner or an admin)`,
            security,
            params,
            response: { 200: accessListResponse },
          },
        },
        (request) => accessLists.listEntries(requirePrincipal(request), level, request.params.id, list),
      );

      app.post(
        `${path}/:id/${list}`,
        {
          config: { access },
          schema: {
            tags,
            summary: `Add a user, by Discord id, to the ${list} of a ${level} (its owner or an admin)`,
            security,
            params,
            querystring: accessListAddQuery,
            response: { 201: accessListEntryResponse },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await accessLists.addEntry(
                callerOf(request),
                level,
                request.params.id,
                list,
                request.query.discordId,
              ),
            ),
      );

      app.delete(
        `${path}/:id/${list}/:userId`,
        {
          config: { access },
          schema: {
            tags,
            summary: `Remove a user from the ${list} of a ${level} (its owner or an admin)`,
            security,
            params: userParams,
            response: { 204: z.null().describe('Removed') },
          },
        },
        async (request, reply) => {
          await accessLists.removeEntry(
            callerOf(request),
            level,
            request.params.id,
            list,
            request.params.userId,
          );
          return reply.code(204).send(null);
        },
      );
    }
  }
};
