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
import { z } from 'zod';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { PluginLinksService } from './plugin-links.service.ts';
import type { RepositoriesService } from './repositories.service.ts';

const security = [{ bearer: [] }];
const deleted = { 204: z.null().describe('Deleted') };

/** Shop base: a developer's repositories, their plugins, and the plugins attached to prices. */
export const deliveryRoutes: FastifyPluginAsyncZod<{
  repositories: RepositoriesService;
  pluginLinks: PluginLinksService;
}> = async (app, { repositories, pluginLinks }) => {
  const tags = ['repositories'];

  app.get(
    '/plugin-repos',
    {
      config: { access: routeAccess('repository:read') },
      schema: {
        tags,
        summary:
          "The caller's repositories, or a developer's by ownerId (admins); the access token is never returned",
        security,
        querystring: repositoriesQuery,
        response: { 200: repositoriesResponse },
      },
    },
    (request) => repositories.listOf(requirePrincipal(request), request.query.ownerId),
  );

  app.get(
    '/plugin-repos/all',
    {
      config: { access: routeAccess('repository:read') },
      schema: {
        tags,
        summary:
          "Every developer's repositories, newest first, with their owner and last update (admins); ?search matches the URL or the owner",
        security,
        querystring: allRepositoriesQuery,
        response: { 200: adminRepositoryPageResponse },
      },
    },
    (request) => repositories.listAll(requirePrincipal(request), request.query),
  );

  app.post(
    '/plugin-repos',
    {
      config: { access: routeAccess('repository:create') },
      schema: {
        tags,
        summary: 'Add a repository owned by the caller; its plugins arrive with its first update',
        security,
        body: createRepositoryBody,
        response: { 201: repositoryResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await repositories.create(requirePrincipal(request), request.body)),
  );

  app.get(
    '/plugin-repos/:id',
    {
      config: { access: routeAccess('repository:read') },
      schema: {
        tags,
        summary: 'One repository (its owner or an admin)',
        security,
        params: repositoryIdParams,
        response: { 200: repositoryResponse },
      },
    },
    (request) => repositories.get(requirePrincipal(request), request.params.id),
  );

  app.put(
    '/plugin-repos/:id',
    {
      config: { access: routeAccess('repository:update') },
      schema: {
        tags,
        summary:
          'Edit a repository (its owner or an admin); a blank or omitted access token keeps the stored one',
        security,
        params: repositoryIdParams,
        body: updateRepositoryBody,
        response: { 200: repositoryResponse },
      },
    },
    (request) => repositories.update(callerOf(request), request.params.id, request.body),
  );

  app.delete(
    '/plugin-repos/:id',
    {
      config: { access: routeAccess('repository:delete') },
      schema: {
        tags,
        summary:
          'Delete a repository and its plugins, unless a price still grants one (its owner or an admin)',
        security,
        params: repositoryIdParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      await repositories.remove(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/plugins/by-repo/:repositoryId',
    {
      config: { access: routeAccess('repository:read') },
      schema: {
        tags: ['plugins'],
        summary: "A page of a repository's plugins by name, 100 per page (its owner or an admin)",
        security,
        params: pluginsOfRepositoryParams,
        querystring: pluginsOfRepositoryQuery,
        response: { 200: pluginPageResponse },
      },
    },
    (request) =>
      repositories.listPlugins(requirePrincipal(request), request.params.repositoryId, request.query),
  );

  app.put(
    '/plugins/:id',
    {
      config: { access: routeAccess('plugin:update') },
      schema: {
        tags: ['plugins'],
        summary: "Edit a plugin's description (its repository's owner or an admin)",
        security,
        params: pluginIdParams,
        body: updatePluginBody,
        response: { 200: pluginResponse },
      },
    },
    (request) => repositories.updatePlugin(callerOf(request), request.params.id, request.body.description),
  );

  app.delete(
    '/plugins/:id',
    {
      config: { access: routeAccess('plugin:delete') },
      schema: {
        tags: ['plugins'],
        summary: 'Delete a plugin no price grants (its repository owner or an admin)',
        security,
        params: pluginIdParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      await repositories.deletePlugin(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/plugin-links/by-price/:priceId',
    {
      config: { access: routeAccess('price:link-plugin') },
      schema: {
        tags: ['plugin links'],
        summary: 'The plugins a price grants (its owner or an admin)',
        security,
        params: pluginLinksOfPriceParams,
        response: { 200: pluginLinksResponse },
      },
    },
    (request) => pluginLinks.listOfPrice(requirePrincipal(request), request.params.priceId),
  );

  app.post(
    '/plugin-links',
    {
      config: { access: routeAccess('price:link-plugin') },
      schema: {
        tags: ['plugin links'],
        summary: "Attach one of the price owner's plugins to the price, with a session limit (0 = unlimited)",
        security,
        querystring: createPluginLinkQuery,
        body: createPluginLinkBody,
        response: { 201: pluginLinkResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await pluginLinks.attach(callerOf(request), request.query.priceId, request.body)),
  );

  app.delete(
    '/plugin-links/:id',
    {
      config: { access: routeAccess('price:link-plugin') },
      schema: {
        tags: ['plugin links'],
        summary: 'Unlink a plugin from a price (its owner or an admin)',
        security,
        params: pluginLinkIdParams,
        response: deleted,
      },
    },
    async (request, reply) => {
      await pluginLinks.unlink(callerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
