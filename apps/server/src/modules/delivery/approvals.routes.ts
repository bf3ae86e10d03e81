import {
  approvedJarCreatedResponse,
  approvedJarFileName,
  approvedJarPageResponse,
  approvedListQuery,
  approvedRepoCreatedResponse,
  approvedRepoPageResponse,
  approveRepoQuery,
  JAR_APPROVED_MESSAGE,
  REPO_APPROVED_MESSAGE,
} from '@ember/contracts/repo-updates';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, Invalid } from '../../lib/errors.ts';
import { callerOf, requirePrincipal } from '../../plugins/access-control.ts';
import { declareRoutes } from '../../plugins/define-route.ts';
import { created } from '../../plugins/route-replies.ts';
import type { ApprovalsService } from './approvals.service.ts';

const SEND_AS_MULTIPART = 'Send the jar as a multipart/form-data file.';

/** Shop base, spec §7: approved repositories and dependency jars (a multipart upload, as the spec says). */
export const approvalsRoutes: FastifyPluginAsyncZod<{
  approvals: ApprovalsService;
  maxJarBytes: number;
}> = async (app, { approvals, maxJarBytes }) => {
  const route = declareRoutes(app, { tags: ['approved repos and jars'] });

  const limit =
    maxJarBytes >= 1_048_576
      ? `${Math.floor(maxJarBytes / 1_048_576)} MB`
      : `${Math.floor(maxJarBytes / 1024)} KB`;
  const refuseMultipartProblem = (error: unknown): never => {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError)
      throw new AppError(413, `An approved jar can be at most ${limit}.`);
    if (
      error instanceof app.multipartErrors.FilesLimitError ||
      error instanceof app.multipartErrors.PartsLimitError
    )
      throw new Invalid('Send one jar file at a time.');
    if (error instanceof app.multipartErrors.InvalidMultipartContentTypeError)
      throw new Invalid(SEND_AS_MULTIPART);
    throw error;
  };

  await app.register(multipart, { limits: { fileSize: maxJarBytes, files: 1, fields: 0, parts: 1 } });

  route.get(
    '/approved-repos',
    {
      action: 'approved-list:read',
      summary: 'Approved repositories, newest first (developers and admins)',
      querystring: approvedListQuery,
      response: { 200: approvedRepoPageResponse },
    },
    (request) => approvals.listRepos(requirePrincipal(request), request.query),
  );

  route.post(
    '/approved-repos',
    {
      action: 'repository:approve',
      summary: 'Approve a GitHub repository by owner and name (admins); its url is the raw-content address',
      querystring: approveRepoQuery,
      response: { 201: approvedRepoCreatedResponse },
    },
    created(async (request) => ({
      message: REPO_APPROVED_MESSAGE,
      repo: await approvals.approveRepo(callerOf(request), request.query),
    })),
  );

  route.get(
    '/approved-jars',
    {
      action: 'approved-list:read',
      summary: 'Approved dependency jars (sha256, file name, size), newest first (developers and admins)',
      querystring: approvedListQuery,
      response: { 200: approvedJarPageResponse },
    },
    (request) => approvals.listJars(requirePrincipal(request), request.query),
  );

  route.post(
    '/approved-jars',
    {
      action: 'repository:approve',
      summary:
        'Approve a dependency jar (admins): one multipart/form-data file part, size-limited by APPROVED_JAR_MAX_BYTES',
      consumes: ['multipart/form-data'],
      response: { 201: approvedJarCreatedResponse },
    },
    created(async (request) => {
      if (!request.isMultipart()) throw new Invalid(SEND_AS_MULTIPART);
      const part = await request.file().catch(refuseMultipartProblem);
      if (!part) throw new Invalid(SEND_AS_MULTIPART);
      const fileName = approvedJarFileName.safeParse(part.filename);
      if (!fileName.success) throw new Invalid(fileName.error.issues[0]?.message ?? SEND_AS_MULTIPART);
      // toBuffer() stops reading at the size limit and throws, so an oversized upload is never kept whole.
      const bytes = await part.toBuffer().catch(refuseMultipartProblem);
      const jar = await approvals.approveJar(callerOf(request), fileName.data, new Uint8Array(bytes));
      return { message: JAR_APPROVED_MESSAGE, jar };
    }),
  );
};
