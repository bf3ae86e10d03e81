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
          screenshots: [],
          changelog: [],
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

  // Issue 32: where the file stops being JSON, in lines and columns, not the engine's raw text.
  it.each([
    ['{\n  "plugins": [\n    { "name": "a" "version": "1" }\n  ]\n}', 'line 3, column 19: a comma expected'],
    ['{\n  "plugins": [],\n}', 'line 3, column 1: a property name in double quotes expected'],
    ['{ "plugins": [ // the first\n] }', 'line 1, column 16: comments are not allowed in JSON'],
    ['{ "plugins": [', 'line 1, column 15: a closing ] expected'],
    ["{ 'plugins': [] }", 'line 1, column 3: unexpected character'],
    ['', 'line 1, column 1: a value expected'],
  ])('says where %j stops being JSON', (text, where) => {
    expect(() => parsePluginsManifest(new TextEncoder().encode(text))).toThrow(
      `plugins.json is not valid JSON: ${where}.`,
    );
  });

  it('says when the file is not UTF-8 text', () => {
    expect(() => parsePluginsManifest(new Uint8Array([0x7b, 0xff, 0x7d]))).toThrow(
      'plugins.json is not valid JSON: it is not UTF-8 text.',
    );
  });
});
