import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Env } from './env.ts';

/** The configuration the app runs with: the product-JWT secret is always known. */
export type AppEnv = Env & { JWT_SECRET: string };

export const JWT_SECRET_FILE = 'jwt-secret';

/**
 * JWT_SECRET when set (production requires it). Otherwise a random secret generated on first start
 * and kept in DATA_DIR, so tokens survive restarts and no secret is ever published in the repository.
 */
export async function withJwtSecret(env: Env): Promise<AppEnv> {
  if (env.JWT_SECRET) return { ...env, JWT_SECRET: env.JWT_SECRET };
  if (env.NODE_ENV === 'production') throw new Error('JWT_SECRET is required in production');
  const file = path.join(env.DATA_DIR, JWT_SECRET_FILE);
  await mkdir(env.DATA_DIR, { recursive: true });
  const fresh = randomBytes(32).toString('base64url');
  try {
    // 'wx': never overwrite a secret another process generated first.
    await writeFile(file, `${fresh}\n`, { flag: 'wx', mode: 0o600 });
    return { ...env, JWT_SECRET: fresh };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = (await readFile(file, 'utf8')).trim();
  if (stored.length < 32) throw new Error(`${file} holds no usable secret: delete it to generate a new one`);
  return { ...env, JWT_SECRET: stored };
}
