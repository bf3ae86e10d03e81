import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type AnyMetadata, parseMetadata } from '@ember/contracts/tuf';
import type { Root, Targets } from '@tufjs/models';

/** A signed file the store refuses to publish, with the reason a person can act on. */
export class SignedFileRejected extends Error {
  override readonly name = 'SignedFileRejected';
}

export interface SignedFile {
  role: 'root' | 'targets';
  version: number;
  metadata: AnyMetadata;
  body: string;
}

const FILE_NAME = /^([1-9]\d{0,8})\.(root|targets)\.json$/;

/** The operator's signed root and targets files in a folder, by role and version. */
export async function readSignedDir(dir: string): Promise<SignedFile[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const files: SignedFile[] = [];
  for (const name of names) {
    const match = FILE_NAME.exec(name);
    if (!match) continue;
    const role = match[2] as 'root' | 'targets';
    const body = await readFile(path.join(dir, name), 'utf8');
    const metadata = parseMetadata(role, JSON.parse(body));
    if (metadata.signed.version !== Number(match[1])) {
      throw new SignedFileRejected(`${name} holds version ${metadata.signed.version}.`);
    }
    files.push({ role, version: metadata.signed.version, metadata, body });
  }
  return files.sort((a, b) => a.version - b.version);
}

function verifies(signer: AnyMetadata, role: string, signed: AnyMetadata): boolean {
  try {
    signer.verifyDelegate(role, signed);
    return true;
  } catch {
    return false;
  }
}

/**
 * The next root of the chain (spec §5.3.4): version n+1, signed by the threshold of root n's
 * keys AND of its own. The first root only by its own (the client's shipped copy is the anchor).
 */
export function checkNextRoot(previous: AnyMetadata | null, next: AnyMetadata): void {
  const version = next.signed.version;
  if (previous && version !== previous.signed.version + 1) {
    throw new SignedFileRejected(`Root ${version} does not follow root ${previous.signed.version}.`);
  }
  if (previous && !verifies(previous, 'root', next)) {
    throw new SignedFileRejected(
      `Root ${version} is not signed by the threshold of root ${version - 1}'s keys.`,
    );
  }
  if (!verifies(next, 'root', next)) {
    throw new SignedFileRejected(`Root ${version} is not signed by the threshold of its own keys.`);
  }
  if (!(next.signed as Root).consistentSnapshot) {
    throw new SignedFileRejected(`Root ${version} must turn consistent snapshots on.`);
  }
}

/** Top-level targets: signed by the root's targets role, newer than the one published. */
export function checkTargets(root: AnyMetadata, latestVersion: number | null, targets: AnyMetadata): void {
  if (!verifies(root, 'targets', targets)) {
    throw new SignedFileRejected(
      `Targets ${targets.signed.version} is not signed by the threshold of the root's targets keys.`,
    );
  }
  if (latestVersion !== null && targets.signed.version <= latestVersion) {
    throw new SignedFileRejected(`Targets ${targets.signed.version} is not newer than ${latestVersion}.`);
  }
}

/** Whether the top-level targets delegates this role (its keys and paths). */
export function delegationOf(targets: AnyMetadata, role: string) {
  return (targets.signed as Targets).delegations?.roles?.[role] ?? null;
}

export { verifies };
