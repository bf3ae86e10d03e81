import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createObfuscator, SOX_NOT_CONFIGURED_MESSAGE } from './obfuscation.ts';

const jar = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]);
const context = { pluginName: 'Fletcher', config: { rename: true } };

describe('obfuscation', () => {
  it('passes the jar through for NONE, even with no obfuscator configured', async () => {
    expect(await createObfuscator({ timeoutMs: 1000 })('NONE', jar, context)).toBe(jar);
  });

  it('refuses SOX with a clear reason when no obfuscator command is configured', async () => {
    await expect(createObfuscator({ timeoutMs: 1000 })('SOX', jar, context)).rejects.toThrow(
      SOX_NOT_CONFIGURED_MESSAGE,
    );
  });

  it('names the plugin when the obfuscator fails, writes nothing, or runs too long', async () => {
    await expect(
      createObfuscator({ command: '/bin/false', timeoutMs: 5000 })('SOX', jar, context),
    ).rejects.toThrow('The SOX obfuscator failed on Fletcher (exit 1).');
    await expect(
      createObfuscator({ command: '/bin/true', timeoutMs: 5000 })('SOX', jar, context),
    ).rejects.toThrow('The SOX obfuscator wrote no jar for Fletcher.');
    const dir = await mkdtemp(path.join(tmpdir(), 'ember-sox-test-'));
    const hang = path.join(dir, 'hang.sh');
    await writeFile(hang, '#!/bin/sh\nexec sleep 30\n', { mode: 0o755 });
    try {
      await expect(createObfuscator({ command: hang, timeoutMs: 1000 })('SOX', jar, context)).rejects.toThrow(
        'The SOX obfuscator took longer than 1 s on Fletcher.',
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
