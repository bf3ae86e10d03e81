import { describe, expect, it } from 'vitest';
import { parsePluginsManifest } from './plugins-manifest.ts';

const parse = (value: unknown) => parsePluginsManifest(new TextEncoder().encode(JSON.stringify(value)));
const messageOf = (value: unknown) => {
  try {
    parse(value);
    return 'accepted';
  } catch (error) {
    return (error as Error).message;
  }
};

describe('plugins.json', () => {
  it('reads plugins with defaults for the description and dependencies', () => {
    expect(
      parse({ plugins: [{ name: ' Fletcher ', version: '1.0.0', artifact: 'build/libs/fletcher.jar' }] }),
    ).toEqual({
      plugins: [
        {
          name: 'Fletcher',
          version: '1.0.0',
          description: '',
          artifact: 'build/libs/fletcher.jar',
          dependencies: [],
        },
      ],
    });
  });

  it.each([
    [
      {
        plugins: [
          { name: 'A', version: '1', artifact: 'a.jar' },
          { name: 'B', artifact: 'b.jar' },
        ],
      },
      'plugins.json: plugins[1].version is required',
    ],
    [
      { plugins: [{ name: 'A', version: 1, artifact: 'a.jar' }] },
      'plugins.json: plugins[0].version must be text',
    ],
    [
      { plugins: [{ name: 'A', version: '1', artifact: '../../etc/passwd' }] },
      'plugins[0].artifact must be a relative path inside the repository',
    ],
    [
      { plugins: [{ name: 'A', version: '1', artifact: '/etc/passwd' }] },
      'plugins[0].artifact must be a relative path',
    ],
    [
      { plugins: [{ name: 'A', version: '1', artifact: 'a.jar', dependencies: ['libs/../x.jar'] }] },
      'plugins[0].dependencies[0] must be a relative path',
    ],
    [{ plugins: [] }, 'plugins.json: plugins must list at least one plugin'],
    [
      {
        plugins: [
          { name: 'A', version: '1', artifact: 'a.jar' },
          { name: 'a', version: '1', artifact: 'a.jar' },
        ],
      },
      'plugins[1].name repeats the name a',
    ],
    [[1, 2], 'plugins.json: must be a JSON object'],
  ])('refuses %j', (value, message) => {
    expect(messageOf(value)).toContain(message);
  });

  it('says when the file is missing or not JSON', () => {
    expect(() => parsePluginsManifest(null)).toThrow('The repository has no plugins.json at its root');
    expect(() => parsePluginsManifest(new TextEncoder().encode('{ nope'))).toThrow(
      /^plugins\.json is not valid JSON/,
    );
  });
});
