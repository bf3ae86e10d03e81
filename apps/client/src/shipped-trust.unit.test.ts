import { manifestKeysOf, parseMetadata } from '@ember/contracts/tuf';
import { describe, expect, it } from 'vitest';
import { trustRoot } from './shipped-trust.ts';

describe('the root shipped with the client', () => {
  it('is a root of 3 keys, threshold 2, signed by the threshold of its own keys, with consistent snapshots', async () => {
    const { root, source } = await trustRoot();
    expect(source).toBe('the root shipped with the client');
    const metadata = parseMetadata('root', JSON.parse(root));
    const signed = JSON.parse(root).signed;
    expect(signed.roles.root.keyids).toHaveLength(3);
    expect(signed.roles.root.threshold).toBe(2);
    expect(signed.consistent_snapshot).toBe(true);
    expect(() => metadata.verifyDelegate('root', metadata)).not.toThrow();
    expect(manifestKeysOf(metadata)).toHaveLength(1);
    expect(metadata.signed.isExpired(new Date())).toBe(false);
  });

  it('gives way to a file named on purpose, and says so when that file cannot be read', async () => {
    await expect(trustRoot('/nonexistent/1.root.json')).rejects.toThrow(
      /^Cannot read \/nonexistent\/1\.root\.json/,
    );
  });
});
