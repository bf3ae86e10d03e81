import { describe, expect, it } from 'vitest';
import { type PublicConfig, parsePublicConfig } from './public-config.ts';
import { publicConfigSchema } from './public-config-schema.ts';

const config: PublicConfig = {
  brand: {
    name: 'Ember',
    tagline: '',
    logoUrl: '/brand/logo.svg',
    chatInviteUrl: 'https://discord.gg/ember',
    javadocsUrl: 'https://docs.example/javadocs',
    forumsUrl: 'https://forum.example',
    designStudio: { name: 'Northlight', url: 'https://northlight.example' },
  },
  api: { identity: '/api/identity', shop: '/api/shop', commerce: '/api/commerce', admin: '/api/admin' },
  bootstrapUrl: '/bootstrap.json',
};

/** Every leaf of the config as a path, so each can be broken in turn. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...prefix, key]));
}

function withLeaf(path: string[], leaf: unknown): unknown {
  const copy = structuredClone(config) as unknown as Record<string, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, unknown>;
  const last = path.at(-1) as string;
  if (leaf === undefined) delete node[last];
  else node[last] = leaf;
  return copy;
}

// The web app parses the embedded config by hand (no zod in the landing bundle); the server answers
// GET /api/public-config with the zod schema. Both must accept and refuse the same configs.
describe('parsePublicConfig and publicConfigSchema', () => {
  it('accept a valid config and return the same value, without unknown fields', () => {
    const withExtra = { ...config, extra: true };
    expect(parsePublicConfig(withExtra)).toEqual(config);
    expect(publicConfigSchema.parse(withExtra)).toEqual(config);
  });

  it.each(
    leafPaths(config).flatMap((path) =>
      [undefined, 5, null, ''].map((leaf) => [path.join('.'), leaf] as const),
    ),
  )('agree on %s set to %j', (path, leaf) => {
    const input = withLeaf(path.split('.'), leaf);
    const zodAccepts = publicConfigSchema.safeParse(input).success;
    expect(zodAccepts).toBe(leaf === '' && path === 'brand.tagline');
    if (zodAccepts) expect(parsePublicConfig(input)).toEqual(publicConfigSchema.parse(input));
    else expect(() => parsePublicConfig(input)).toThrow(path.split('.').at(-1));
  });

  it.each([null, [], 'config', { brand: [], api: {}, bootstrapUrl: '/b' }])('both refuse %j', (input) => {
    expect(publicConfigSchema.safeParse(input).success).toBe(false);
    expect(() => parsePublicConfig(input)).toThrow(TypeError);
  });
});
