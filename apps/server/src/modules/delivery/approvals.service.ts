import { totalPagesOf } from '@ember/contracts/paging';
import type {
  ApprovedJarResponse,
  ApprovedRepoResponse,
  approvedListQuery,
  approveRepoQuery,
} from '@ember/contracts/repo-updates';
import { isUniqueViolation } from '@ember/db/errors';
import type { z } from 'zod';
import type { BlobStore } from '../../integrations/blob-store/blob-store.ts';
import { sha256Hex } from '../../integrations/blob-store/local-blob-store.ts';
import { Conflict, Invalid } from '../../lib/errors.ts';
import { actorOf, type Caller, type Principal } from '../../policy/identity.ts';
import { authorize } from '../../policy/policy.ts';
import { recordAudit } from '../audit/index.ts';
import {
  countApprovedJars,
  countApprovedRepos,
  findApprovedJarBySha,
  findApprovedJars,
  findApprovedRepos,
  insertApprovedJar,
  insertApprovedRepo,
} from './approvals.repository.ts';
import type { Db } from './db.ts';

type ApproveRepoQuery = z.output<typeof approveRepoQuery>;
type ListQuery = z.output<typeof approvedListQuery>;

/** A jar is a zip archive: it starts with a local file header. */
const isZip = (bytes: Uint8Array) =>
  bytes.byteLength >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** An approved repository or jar as the API shows it: its row, with the approval time as ISO text. */
const present = <Row extends { createdAt: Date }>(row: Row) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

/** A page of approved repositories or jars, newest first, and how many pages there are. */
async function newestPage<Row extends { createdAt: Date }>(
  query: ListQuery,
  find: (page: { limit: number; offset: number }) => Promise<Row[]>,
  countAll: () => Promise<number>,
) {
  const [rows, total] = await Promise.all([
    find({ limit: query.size, offset: query.page * query.size }),
    countAll(),
  ]);
  return { content: rows.map(present), totalPages: totalPagesOf(total, query.size) };
}

/** The raw-content address of a GitHub repository (spec §3 Approved repo: url derived from it). */
export const rawContentUrl = (owner: string, name: string) =>
  `https://raw.githubusercontent.com/${owner}/${name}`;

/**
 * Spec §7 approved repos and jars: admins allow third-party code developers may depend on. A
 * bundled dependency jar passes a repository update only if its sha256 is approved here.
 */
export function createApprovalsService(deps: { db: Db; blobs: BlobStore }) {
  const { db, blobs } = deps;

  return {
    async listRepos(principal: Principal, query: ListQuery) {
      authorize(principal, 'approved-list:read');
      return newestPage(
        query,
        (page) => findApprovedRepos(db, page),
        () => countApprovedRepos(db),
      );
    },

    async approveRepo(caller: Caller, query: ApproveRepoQuery): Promise<ApprovedRepoResponse> {
      const role = authorize(caller, 'repository:approve');
      return db.transaction(async (tx) => {
        const row = await insertApprovedRepo(tx, {
          owner: query.owner,
          name: query.name,
          url: rawContentUrl(query.owner, query.name),
          approvedById: caller.userId,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'approved_repos_owner_name_key')) {
            throw new Conflict(`${query.owner}/${query.name} is already approved.`);
          }
          throw error;
        });
        await recordAudit(tx, actorOf(caller, role), {
          action: 'repository:approve',
          target: { kind: 'APPROVED_REPO', id: row.id },
          before: null,
          after: { owner: row.owner, name: row.name, url: row.url },
        });
        return present(row);
      });
    },

    async listJars(principal: Principal, query: ListQuery) {
      authorize(principal, 'approved-list:read');
      return newestPage(
        query,
        (page) => findApprovedJars(db, page),
        () => countApprovedJars(db),
      );
    },

    /** Stores the jar in the blob store (so it can be inspected later) and approves its sha256. */
    async approveJar(caller: Caller, fileName: string, bytes: Uint8Array): Promise<ApprovedJarResponse> {
      const role = authorize(caller, 'repository:approve');
      if (bytes.byteLength === 0) throw new Invalid('The jar file is empty.');
      if (!isZip(bytes)) throw new Invalid('This file is not a jar (a jar is a zip archive).');
      const sha256 = sha256Hex(bytes);
      const existing = await findApprovedJarBySha(db, sha256);
      if (existing) throw new Conflict(`This jar is already approved as ${existing.fileName}.`);
      await blobs.put(bytes);
      return db.transaction(async (tx) => {
        const row = await insertApprovedJar(tx, {
          sha256,
          fileName,
          sizeBytes: bytes.byteLength,
          approvedById: caller.userId,
        }).catch((error: unknown) => {
          if (isUniqueViolation(error, 'approved_jars_sha256_key'))
            throw new Conflict('This jar is already approved.');
          throw error;
        });
        await recordAudit(tx, actorOf(caller, role), {
          action: 'repository:approve',
          target: { kind: 'APPROVED_JAR', id: row.id },
          before: null,
          after: { fileName, sha256, sizeBytes: row.sizeBytes },
        });
        return present(row);
      });
    },
  };
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
