import { afterEach, describe, expect, it, vi } from 'vitest';
import { testPublicConfig } from '../test/test-public-config.ts';
import { defaultPublicConfig } from './default-public-config.ts';
import { getPublicConfig, loadPublicConfig } from './public-config.ts';

function documentWith(scriptText: string | null): Document {
  const doc = document.implementation.createHTMLDocument('test');
  if (scriptText !== null) {
    const script = doc.createElement('script');
    script.id = 'app-config';
    script.type = 'application/json';
    script.textContent = scriptText;
    doc.head.append(script);
  }
  return doc;
}

describe('loadPublicConfig', () => {
  afterEach(() => {
    loadPublicConfig(documentWith(JSON.stringify(testPublicConfig)));
  });

  it('reads the config the server embedded in index.html', () => {
    const embedded = { ...testPublicConfig, brand: { ...testPublicConfig.brand, name: 'Cinder' } };
    loadPublicConfig(documentWith(JSON.stringify(embedded)));
    expect(getPublicConfig().brand.name).toBe('Cinder');
  });

  it.each([['<!--APP_CONFIG-->'], ['   '], [null]])(
    'falls back to the built-in defaults with a warning when the tag holds %j',
    (text) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      expect(loadPublicConfig(documentWith(text))).toEqual(defaultPublicConfig);
      expect(warn).toHaveBeenCalledTimes(1);
    },
  );

  it('refuses a config that does not match the schema', () => {
    expect(() => loadPublicConfig(documentWith('{"brand":{}}'))).toThrow();
  });
});
