import {
  adminRepositoryPageResponse,
  allRepositoriesQuery,
  createPluginLinkBody,
  createPluginLinkQuery,
  createRepositoryBody,
  pluginIdParams,
  pluginLinkIdParams,
  pluginLinkResponse,
  pluginLinksOfPriceParams,
  pluginLinksResponse,
  pluginPageResponse,
  pluginResponse,
  pluginsOfRepositoryParams,
  pluginsOfRepositoryQuery,
  repositoriesQuery,
  repositoriesResponse,
  repositoryIdParams,
  repositoryResponse,
  updatePluginBody,
  updateRepositoryBody,
} from '@ember/contracts/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created, noContent, noContentResponse } from '../../plugins/route-replies.ts';
import type { PluginLinksService } from './plugin-links.service.ts';
import type { RepositoriesService } from './repositories.service.ts';

/** Shop base: a developer's repositories, their plugins, and the plugins attached to prices. */
export const deliveryRoutes: FastifyPluginAsyncZod<{
  repositories: RepositoriesService;
  pluginLinks: PluginLinksService;
}> = async (app, { repositories, pluginLinks }) => {
  const repositoryRoutes = declareRoutes(app, { tags: ['repositories'] });
  const pluginRoutes = declareRoutes(app, { tags: ['plugins'] });
  const pluginLinkRoutes = declareRoutes(app, { tags: ['plugin links'] });

  repositoryRoutes.get(
    '/plugin-repos',
    {
      action: 'repository:read',
      summary:
        "The caller's repositories, or a developer's by ownerId (admins); the access token is never returned",
      querystring: repositoriesQuery,
      response: { 200: repositoriesResponse },
    },
    (request) => repositories.listOf(requirePrincipal(request), request.query.ownerId),
  );

  repositoryRoutes.get(
    '/plugin-repos/all',
    {
      action: 'repository:read',
      summary:
        "Every developer's repositories, newest first, with their owner and last update (admins); ?search matches the URL or the owner",
      querystring: allRepositoriesQuery,
      response: { 200: adminRepositoryPageResponse },
    },
    (request) => repositories.listAll(requirePrincipal(request), request.query),
  );

  repositoryRoutes.post(
    '/plugin-repos',
    {
      action: 'repository:create',
      summary: 'Add a repository owned by the caller; its plugins arrive with its first update',
      body: createRepositoryBody,
      response: { 201: repositoryResponse },
    },
    created((request) => repositories.create(requirePrincipal(request), request.body)),
  );

  repositoryRoutes.get(
    '/plugin-repos/:id',
    {
      action: 'repository:read',
      summary: 'One repository (its owner or an admin)',
      params: repositoryIdParams,
      response: { 200: repositoryResponse },
    },
    (request) => repositories.get(requirePrincipal(request), request.params.id),
  );

  repositoryRoutes.put(
    '/plugin-repos/:id',
    {
      action: 'repository:update',
      summary:
        'Edit a repository (its owner or an admin); a blank or omitted access token keeps the stored one',
      params: repositoryIdParams,
      body: updateRepositoryBody,
      response: { 200: repositoryResponse },
    },
    (request) => repositories.update(callerOf(request), request.params.id, request.body),
  );

  repositoryRoutes.delete(
    '/plugin-repos/:id',
    {
      action: 'repository:delete',
      summary: 'Delete a repository and its plugins, unless a price still grants one (its owner or an admin)',
      params: repositoryIdParams,
      response: noContentResponse('Deleted'),
    },
    noContent((request) => repositories.remove(callerOf(request), request.params.id)),
  );

  pluginRoutes.get(
    '/plugins/by-repo/:repositoryId',
    {
      action: 'repository:read',
      summary: "A page of a repository's plugins by name, 100 per page (its owner or an admin)",
      params: pluginsOfRepositoryParams,
      querystring: pluginsOfRepositoryQuery,
      response: { 200: pluginPageResponse },
    },
    (request) =>
      repositories.listPlugins(requirePrincipal(request), request.params.repositoryId, request.query),
  );

  pluginRoutes.put(
    '/plugins/:id',
    {
      action: 'plugin:update',
      summary: "Edit a plugin's description (its repository's owner or an admin)",
      params: pluginIdParams,
      body: updatePluginBody,
      response: { 200: pluginResponse },
    },
    (request) => repositories.updatePlugin(callerOf(request), request.params.id, request.body.description),
  );

  pluginRoutes.delete(
    '/plugins/:id',
    {
      action: 'plugin:delete',
      summary: 'Delete a plugin no price grants (its repository owner or an admin)',
      params: pluginIdParams,
      response: noContentResponse('Deleted'),
    },
    noContent((request) => repositories.deletePlugin(callerOf(request), request.params.id)),
  );

  pluginLinkRoutes.get(
    '/plugin-links/by-price/:priceId',
    {
      action: 'price:link-plugin',
      summary: 'The plugins a price grants (its owner or an admin)',
      params: pluginLinksOfPriceParams,
      response: { 200: pluginLinksResponse },
    },
    (request) => pluginLinks.listOfPrice(requirePrincipal(request), request.params.priceId),
  );

  pluginLinkRoutes.post(
    '/plugin-links',
    {
      action: 'price:link-plugin',
      summary: "Attach one of the price owner's plugins to the price, with a session limit (0 = unlimited)",
      querystring: createPluginLinkQuery,
      body: createPluginLinkBody,
      response: { 201: pluginLinkResponse },
    },
    created((request) => pluginLinks.attach(callerOf(request), request.query.priceId, request.body)),
  );

  pluginLinkRoutes.delete(
    '/plugin-links/:id',
    {
      action: 'price:link-plugin',
      summary: 'Unlink a plugin from a price (its owner or an admin)',
      params: pluginLinkIdParams,
      response: noContentResponse('Deleted'),
    },
    noContent((request) => pluginLinks.unlink(callerOf(request), request.params.id)),
  );
};
