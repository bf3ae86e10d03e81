import {
  approvedJarCreatedResponse,
  approvedJarPageResponse,
  approvedListQuery,
  approvedRepoCreatedResponse,
  approvedRepoPageResponse,
  approveJarQuery,
  approveRepoQuery,
  JAR_APPROVED_MESSAGE,
  REPO_APPROVED_MESSAGE,
} from '@ember/contracts/repo-updates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { requirePrincipal } from '../../plugins/access-control.ts';
import { callerOf } from '../../policy/caller.ts';
import { routeAccess } from '../../policy/policy.ts';
import type { ApprovalsService } from './approvals.service.ts';

const security = [{ bearer: [] }];

/**
 * Shop base, spec §7: approved repositories and dependency jars. The jar is the request body
 * (application/octet-stream, ?fileName=): @fastify/multipart is not installed (decision 0025).
 */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvals: ApprovalsService;
  maxJarBytes: number;
}> = async (app, { approvals, maxJarBytes }) => {
  const tags = ['approved repos and jars'];
  const limit =
    maxJarBytes >= 1_048_576
      ? `${Math.floor(maxJarBytes / 1_048_576)} MB`
      : `${Math.floor(maxJarBytes / 1024)} KB`;
  const tooLarge = () => new AppError(413, `An approved jar can be at most ${limit}.`);

  // Counted while it arrives: a body over the limit is refused without being kept whole.
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    const declared = Number(request.headers['content-length'] ?? 0);
    if (declared > maxJarBytes) {
      done(tooLarge(), undefined);
      return;
    }
    const chunks: Buffer[] = [];
    let total = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > maxJarBytes && !failed) {
        failed = true;
        done(tooLarge(), undefined);
        return;
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!failed) done(error, undefined);
    });
  });

  app.get(
    '/approved-repos',
    {
      config: { access: routeAccess('approved-list:read') },
      schema: {
        tags,
        summary: 'Approved repositories, newest first (developers and admins)',
        security,
        querystring: approvedListQuery,
        response: { 200: approvedRepoPageResponse },
      },
    },
    (request) => approvals.listRepos(requirePrincipal(request), request.query),
  );

  app.post(
    '/approved-repos',
    {
      config: { access: routeAccess('repository:approve') },
      schema: {
        tags,
        summary: 'Approve a GitHub repository by owner and name (admins); its url is the raw-content address',
        security,
        querystring: approveRepoQuery,
        response: { 201: approvedRepoCreatedResponse },
      },
    },
    async (request, reply) =>
      reply.code(201).send({
        message: REPO_APPROVED_MESSAGE,
        repo: await approvals.approveRepo(callerOf(request), request.query),
      }),
  );

  app.get(
    '/approved-jars',
    {
      config: { access: routeAccess('approved-list:read') },
      schema: {
        tags,
        summary: 'Approved dependency jars (sha256, file name, size), newest first (developers and admins)',
        security,
        querystring: approvedListQuery,
        response: { 200: approvedJarPageResponse },
      },
    },
    (request) => approvals.listJars(requirePrincipal(request), request.query),
  );

  app.post(
    '/approved-jars',
    {
      config: { access: routeAccess('repository:approve') },
      bodyLimit: maxJarBytes + 1,
      schema: {
        tags,
        summary:
          'Approve a dependency jar (admins): the jar is the body (application/octet-stream), ?fileName= its name; size-limited by APPROVED_JAR_MAX_BYTES',
        security,
        querystring: approveJarQuery,
        response: { 201: approvedJarCreatedResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const bytes = Buffer.isBuffer(body) ? new Uint8Array(body) : new Uint8Array();
      const jar = await approvals.approveJar(callerOf(request), request.query.fileName, bytes);
      return reply.code(201).send({ message: JAR_APPROVED_MESSAGE, jar });
    },
  );
};
