import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkArtifact } from './artifact-check.ts';

const bytes = new TextEncoder().encode('jar bytes');
const plugin = {
  id: 1,
  name: 'Fletcher',
  version: '1.0.0',
  size: bytes.byteLength,
  sha256: createHash('sha256').update(bytes).digest('hex'),
};

describe('checkArtifact', () => {
  it('accepts exactly the bytes the signed manifest names', () => {
    expect(() => checkArtifact(plugin, bytes)).not.toThrow();
  });

  it('refuses bytes of another size', () => {
    expect(() => checkArtifact({ ...plugin, size: 3 }, bytes)).toThrow(
      'Fletcher 1.0.0: downloaded 9 bytes, the signed manifest says 3.',
    );
  });

  it('refuses bytes of the right size with another sha256 (one byte flipped)', () => {
    const flipped = Uint8Array.from(bytes);
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => checkArtifact(plugin, flipped)).toThrow(
      /Fletcher 1.0.0: the download's sha256 [0-9a-f]{64} is not the signed manifest's/,
    );
  });
});
