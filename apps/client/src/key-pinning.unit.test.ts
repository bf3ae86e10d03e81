import { describe, expect, it } from 'vitest';
import { pinKeys } from './key-pinning.ts';

const published = [
  { keyId: 'old', publicKey: 'T0xE', status: 'retired' },
  { keyId: 'cur', publicKey: 'Q1VS', status: 'current' },
  { keyId: 'nxt', publicKey: 'TlhU', status: 'next' },
];

describe('pinKeys', () => {
  it('trusts the published current and next keys on first use', () => {
    expect(pinKeys([], published).map((key) => key.keyId)).toEqual(['cur', 'nxt']);
  });

  it('pins exactly the ids given with --pin, and refuses one the server does not publish', () => {
    expect(pinKeys([], published, ['nxt'])).toEqual([{ keyId: 'nxt', publicKey: 'TlhU' }]);
    expect(() => pinKeys([], published, ['nope'])).toThrow('The server does not publish key nope.');
  });

  it('keeps keys pinned before and adds the new next key after a rotation', () => {
    const rotated = [
      { keyId: 'nxt', publicKey: 'TlhU', status: 'current' },
      { keyId: 'nxt2', publicKey: 'TlgyCg', status: 'next' },
    ];
    const pinned = pinKeys(pinKeys([], published), rotated);
    expect(pinned.map((key) => key.keyId)).toEqual(['cur', 'nxt', 'nxt2']);
  });

  it('refuses a pinned key id published with other key material', () => {
    const swapped = [{ keyId: 'cur', publicKey: 'RVZJTA', status: 'current' }];
    expect(() => pinKeys(pinKeys([], published), swapped)).toThrow(
      /different key material for the pinned key cur/,
    );
  });
});
