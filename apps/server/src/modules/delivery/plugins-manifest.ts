import { z } from 'zod';
import { describeJsonSyntaxError } from './json-syntax-error.ts';
import { showcaseFields } from './plugin-showcase-manifest.ts';

/** A failure of the repository's content (not of the server): shown to the developer as is, never retried. */
export class RepoUpdateRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RepoUpdateRejected';
  }
}

export const MANIFEST_FILE = 'plugins.json';

const required = (what: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? 'is required' : `must be ${what}`),
});

/** A path inside the repository: relative, forward slashes, no `.`/`..` step. */
const repositoryPath = z
  .string(required('a path inside the repository'))
  .min(1, 'is required')
  .max(300, 'can be at most 300 characters')
  .refine(
    (value) =>
      !value.startsWith('/') &&
      !value.includes('\\') &&
      value.split('/').every((part) => part !== '' && part !== '.' && part !== '..'),
    'must be a relative path inside the repository, like build/libs/plugin.jar',
  );

const pluginEntry = z.object({
  name: z.string(required('text')).trim().min(1, 'is required').max(100, 'can be at most 100 characters'),
  version: z.string(required('text')).trim().min(1, 'is required').max(50, 'can be at most 50 characters'),
  description: z.string(required('text')).trim().max(2000, 'can be at most 2000 characters').default(''),
  artifact: repositoryPath,
  dependencies: z
    .array(repositoryPath, required('a list of paths'))
    .max(100, 'can list at most 100 jars')
    .default([]),
  ...showcaseFields,
});

const manifestSchema = z
  .object(
    {
      plugins: z
        .array(pluginEntry, required('a list'))
        .min(1, 'must list at least one plugin')
        .max(200, 'can list at most 200 plugins'),
    },
    required('a JSON object'),
  )
  .superRefine((manifest, ctx) => {
    const seen = new Set<string>();
    manifest.plugins.forEach((plugin, index) => {
      const key = plugin.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['plugins', index, 'name'],
          message: `repeats the name ${plugin.name}`,
        });
      }
      seen.add(key);
    });
  });

export type PluginsManifest = z.output<typeof manifestSchema>;
export type ManifestPlugin = PluginsManifest['plugins'][number];

/** `plugins[1].version` */
const pathText = (path: readonly PropertyKey[]) =>
  path.reduce<string>(
    (text, part) =>
      typeof part === 'number' ? `${text}[${part}]` : text ? `${text}.${String(part)}` : String(part),
    '',
  );

/**
 * Reads plugins.json (docs/plugins-json.md). Every problem is a RepoUpdateRejected whose message
 * names the file and the field: 'plugins.json: plugins[1].version is required'.
 */
export function parsePluginsManifest(bytes: Uint8Array | null): PluginsManifest {
  if (bytes === null) {
    throw new RepoUpdateRejected(
      `The repository has no ${MANIFEST_FILE} at its root (see docs/plugins-json.md).`,
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new RepoUpdateRejected(`${MANIFEST_FILE} is not valid JSON: it is not UTF-8 text.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new RepoUpdateRejected(`${MANIFEST_FILE} is not valid JSON: ${describeJsonSyntaxError(text)}.`);
  }
  const result = manifestSchema.safeParse(json);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const where = pathText(issue.path);
    return where ? `${where} ${issue.message}` : issue.message;
  });
  throw new RepoUpdateRejected(`${MANIFEST_FILE}: ${problems.join('; ')}`);
}
