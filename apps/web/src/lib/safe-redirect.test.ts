import { describe, expect, it } from 'vitest';
import { toSameOriginPath } from './safe-redirect.ts';

describe('toSameOriginPath', () => {
  it('keeps paths on this site with their query and fragment', () => {
    expect(toSameOriginPath('/vip?x=1#y')).toBe('/vip?x=1#y');
    expect(toSameOriginPath('/shop/3')).toBe('/shop/3');
  });

  it('refuses other hosts, however they are spelled', () => {
    for (const raw of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      // Issue 24, item 14: the dot segment resolved into a protocol-relative path.
      '/.//evil.example',
      '/./\\evil.example',
      '/a/..//evil.example',
      'javascript:alert(1)',
      '',
      null,
      undefined,
    ]) {
      expect(toSameOriginPath(raw), String(raw)).toBeNull();
    }
  });
});
