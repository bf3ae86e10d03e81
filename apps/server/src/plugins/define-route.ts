import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Action } from '@ember/contracts/policy';
import type { ContextConfigDefault, FastifySchema, RouteGenericInterface, RouteHandlerMethod } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Access, RoleGate } from '../policy/identity.ts';
import { routeAccess } from '../policy/policy.ts';
import { fastSerializerCompiler } from './fast-serializer.ts';
import type { LimitedAction } from './rate-limits.ts';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The contract parts of a route: what it reads and what it answers, as zod schemas. */
interface RouteContract extends FastifySchema {
  params?: ZodType;
  querystring?: ZodType;
  body?: ZodType;
  headers?: ZodType;
  response?: Record<number, ZodType>;
}

/**
 * Who may call a route: a policy action (the usual case), or the gate of a route outside the policy:
 * anyone, anyone with a sign-in recognised, any signed-in account, or a game client.
 */
type Gate = { action: Action; access?: never } | { access: Exclude<Access, RoleGate>; action?: never };

/** What the generated API docs show of a route: its summary, or nothing when it is left out of them. */
type Docs = { summary: string; hide?: false } | { hide: true; summary?: never };

type RouteDeclaration<S extends RouteContract> = Gate &
  Docs & {
    /** The rate limit it counts against, besides the ceiling. */
    limit?: LimitedAction;
    /** Serialize with fast-json-stringify (hot public reads, plugins/fast-serializer.ts). */
    fast?: boolean;
    /** Keep anonymous 200 answers as bytes (public catalog reads, plugins/catalog-response-cache.ts). */
    cacheResponse?: boolean;
    /** Leave the reply uncompressed (streamed downloads); the app compresses every other one. */
    compress?: false;
  } & S;

type Handler<S extends RouteContract> = RouteHandlerMethod<
  Server,
  IncomingMessage,
  ServerResponse,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

/** Bearer security is documented where a token is required (a sign-in or a game client's); an optional one is not. */
const needsToken = (access: Access) => access !== 'public' && access !== 'optional';

/**
 * Declares a module's routes in one shape (decision 0068): the tags of the module, the access gate
 * from the policy (`routeAccess`), bearer security on every gated route, and the fast serializer
 * where asked; the route states only its summary, contract and handler.
 */
export function declareRoutes(app: ZodApp, { tags = [] }: { tags?: string[] } = {}) {
  const declare =
    (method: Method) =>
    <S extends RouteContract>(url: string, declaration: RouteDeclaration<S>, handler: Handler<S>) => {
      const {
        action,
        access: gate,
        summary,
        hide,
        limit,
        fast,
        cacheResponse,
        compress,
        ...contract
      } = declaration;
      const access = gate ?? routeAccess(action as Action);
      app.route({
        method,
        url,
        config: {
          access,
          ...(limit === undefined ? {} : { limit }),
          ...(cacheResponse ? { cacheResponse } : {}),
        },
        schema: hide
          ? { hide, ...contract }
          : {
              tags,
              summary,
              ...(needsToken(access) ? { security: [{ bearer: [] }] } : {}),
              ...(hide === false ? { hide } : {}),
              ...contract,
            },
        ...(fast ? { serializerCompiler: fastSerializerCompiler } : {}),
        ...(compress === false ? { compress } : {}),
        // biome-ignore lint/suspicious/noExplicitAny: the handler was typed against this route's own contract above
        handler: handler as any,
      });
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
  };
}
