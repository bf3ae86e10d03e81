import { z } from 'zod';
import { describeJsonSyntaxError } from './json-syntax-error.ts';
import { repositoryPath, required, requiredText } from './manifest-fields.ts';
import { showcaseFields } from './plugin-showcase-manifest.ts';

/** A failure of the repository's content (not of the server): shown to the developer as is, never retried. */
export class RepoUpdateRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RepoUpdateRejected';
  }
}

export const MANIFEST_FILE = 'plugins.json';

const jarPath = repositoryPath('build/libs/plugin.jar');

const pluginEntry = z.object({
  name: requiredText(100),
  version: requiredText(50),
  description: z.string(required('text')).trim().max(2000, 'can be at most 2000 characters').default(''),
  artifact: jarPath,
  dependencies: z
    .array(jarPath, required('a list of paths'))
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
