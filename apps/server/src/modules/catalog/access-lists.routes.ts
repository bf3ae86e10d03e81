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
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { AccessListsService } from './access-lists.service.ts';

const LEVELS = [
  {
    level: 'plan',
    path: '/plans',
    tag: 'plans',
    params: planIdParams,
    userParams: planListUserParams,
    action: 'plan:manage-access-list',
  },
  {
    level: 'price',
    path: '/prices',
    tag: 'prices',
    params: priceIdParams,
    userParams: priceListUserParams,
    action: 'price:manage-access-list',
  },
] as const;

/** Shop base: GET, POST and DELETE of /plans/{id}/whitelist|blacklist and /prices/{id}/whitelist|blacklist. */
export const accessListsRoutes: FastifyPluginAsyncZod<{ accessLists: AccessListsService }> = async (
  app,
  { accessLists },
) => {
  for (const { level, path, tag, params, userParams, action } of LEVELS) {
    const route = declareRoutes(app, { tags: [tag] });
    for (const list of ACCESS_LISTS) {
      route.get(
        `${path}/:id/${list}`,
        {
          action,
          summary: `The ${list} of a ${level} (its owner or an admin)`,
          params,
          response: { 200: accessListResponse },
        },
        (request) => accessLists.listEntries(requirePrincipal(request), level, request.params.id, list),
      );

      route.post(
        `${path}/:id/${list}`,
        {
          action,
          summary: `Add a user, by Discord id, to the ${list} of a ${level} (its owner or an admin)`,
          params,
          querystring: accessListAddQuery,
          response: { 201: accessListEntryResponse },
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

      route.delete(
        `${path}/:id/${list}/:userId`,
        {
          action,
          summary: `Remove a user from the ${list} of a ${level} (its owner or an admin)`,
          params: userParams,
          response: noContentResponse('Removed'),
        },
        noContent((request) =>
          accessLists.removeEntry(callerOf(request), level, request.params.id, list, request.params.userId),
        ),
      );
    }
  }
};
