import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BlobStore } from './blob-store.ts';

const SHA256_HEX = /^[0-9a-f]{64}$/;

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function assertSha256(sha256: string): void {
  if (!SHA256_HEX.test(sha256)) throw new Error(`Not a SHA-256 address: ${sha256}`);
}

/**
 * Blobs as files under `dir/ab/abcdef…`: written to a temporary name and renamed into place, so a
 * reader never sees half a file and a crash leaves no blob under a wrong address.
 */
export function createLocalBlobStore(dir: string): BlobStore {
  const fileOf = (sha256: string) => {
    assertSha256(sha256);
    return path.join(dir, sha256.slice(0, 2), sha256);
  };

  return {
    async put(bytes) {
      const sha256 = sha256Hex(bytes);
      const file = fileOf(sha256);
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (!exists) {
        await mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${randomUUID()}.tmp`;
        try {
          await writeFile(temporary, bytes);
          await rename(temporary, file);
        } finally {
          await rm(temporary, { force: true });
        }
      }
      return { sha256, size: bytes.byteLength };
    },

    async get(sha256) {
      const bytes = await readFile(fileOf(sha256)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
      if (bytes === null) return null;
      if (sha256Hex(bytes) !== sha256) throw new Error(`Blob ${sha256} is corrupt`);
      return new Uint8Array(bytes);
    },

    has(sha256) {
      return stat(fileOf(sha256)).then(
        () => true,
        () => false,
      );
    },

    presignedUrl: async () => null,
  };
}
