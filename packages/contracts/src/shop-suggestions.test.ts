import { describe, expect, it } from 'vitest';
import { suggestionsQuery, wordStartsOf } from './shop-suggestions.ts';

describe('wordStartsOf', () => {
  it('gives the lower-cased rest of the name from every word start', () => {
    expect(wordStartsOf('Auto-Fighter Pro')).toEqual(['auto-fighter pro', 'fighter pro', 'pro']);
    expect(wordStartsOf('  a..b')).toEqual(['a..b', 'b']);
  });
});

describe('suggestionsQuery', () => {
  it('trims the text and refuses none or too much', () => {
    expect(suggestionsQuery.parse({ q: '  zep ' })).toEqual({ q: 'zep' });
    expect(suggestionsQuery.safeParse({ q: ' ' }).success).toBe(false);
    expect(suggestionsQuery.safeParse({}).success).toBe(false);
  });
});
