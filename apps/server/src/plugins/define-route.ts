import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Action } from '@ember/contracts/policy';
import type { ContextConfigDefault, FastifySchema, RouteGenericInterface, RouteHandlerMethod } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { Access } from '../policy/identity.ts';
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

/** Who may call a route: a policy action (the usual case), or the gate of a route outside the policy. */
type Gate =
  | { action: Action; access?: never }
  | { access: Extract<Access, 'public' | 'client'>; action?: never };

type RouteDeclaration<S extends RouteContract> = Gate & {
  summary: string;
  /** The rate limit it counts against, besides the ceiling. */
  limit?: LimitedAction;
  /** Serialize with fast-json-stringify (hot public reads, plugins/fast-serializer.ts). */
  fast?: boolean;
  /** Left out of the generated API docs. */
  hide?: boolean;
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

/**
 * Declares a module's routes in one shape (decision 0068): the tags of the module, the access gate
 * from the policy (`routeAccess`), bearer security on every gated route, and the fast serializer
 * where asked; the route states only its summary, contract and handler.
 */
export function declareRoutes(app: ZodApp, { tags }: { tags: string[] }) {
  const declare =
    (method: Method) =>
    <S extends RouteContract>(url: string, declaration: RouteDeclaration<S>, handler: Handler<S>) => {
      const { action, access: gate, summary, limit, fast, hide, ...contract } = declaration;
      const access = gate ?? routeAccess(action as Action);
      app.route({
        method,
        url,
        config: limit === undefined ? { access } : { access, limit },
        schema: {
          tags,
          summary,
          ...(access === 'public' || access === 'client' ? {} : { security: [{ bearer: [] }] }),
          ...(hide ? { hide } : {}),
          ...contract,
        },
        ...(fast ? { serializerCompiler: fastSerializerCompiler } : {}),
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
