import { createHash, generateKeyPairSync } from 'node:crypto';
import {
  MAX_ACTIVE_SIGNING_KEYS,
  SIGNING_KEY_ALREADY_REVOKED_MESSAGE,
  SIGNING_KEY_FORMAT_MESSAGE,
  SIGNING_KEY_LABEL_MESSAGE,
  SIGNING_KEY_LIMIT_MESSAGE,
  SIGNING_KEY_TAKEN_MESSAGE,
} from '@ember/contracts/signing-keys';
import { describe, expect, it } from 'vitest';
import { asUser, headersFor } from '../../../test-support/auth.ts';
import { requestsTo } from '../../../test-support/shop-api.ts';
import { useTestApp } from '../../../test-support/test-app.ts';
import { givenUser } from '../../../test-support/test-data.ts';
import { REFUSAL_MESSAGES } from '../../policy/refusals.ts';
import { activeSigningKeys, activeSigningKeysByDeveloper } from './index.ts';

const ctx = useTestApp();

const api = requestsTo(ctx);

// Made by `ssh-keygen -t ed25519 -C dev@laptop`; the hex is the blob's last 32 bytes.
const SSH_LINE =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB55rC1JOYpXjCBlp14V3HwjY3TzBc0ajEHehe8hva2k dev@laptop';
const SSH_KEY_HEX = '1e79ac2d49398a578c2065a75e15dc7c236374f305cd1a8c41de85ef21bdada4';
// The public key in minisign's README, with the comment line its .pub files carry.
const MINISIGN_PUB =
  'untrusted comment: minisign public key E7620F1842B4E81F\nRWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3\n';
const MINISIGN_KEY_HEX = '79a561e70ee08cd3e754c63e9bd6b9c3520a1d4204cd104da2e7ef763b1853b7';

/** A fresh key as Node makes it: its 32 raw bytes. */
function freshKey(): Buffer {
  const { publicKey } = generateKeyPairSync('ed25519');
  return Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
}

/** TUF 1.0 §4.2: the key id is the sha256 of the key's canonical JSON (keys sorted, no blanks). */
const expectedKeyid = (hex: string) =>
  createHash('sha256')
    .update(`{"keytype":"ed25519","keyval":{"public":"${hex}"},"scheme":"ed25519"}`)
    .digest('hex');

async function developer() {
  const user = await givenUser(ctx, { roles: ['CUSTOMER', 'DEVELOPER'] });
  return { user, headers: await headersFor(ctx, user.id) };
}

describe('POST /developer/signing-keys', () => {
  it('registers a key in each form a developer has one in, with its TUF key id', async () => {
    const { user, headers } = await developer();
    const raw = freshKey();
    const forms = [
      { label: 'Hex', publicKey: raw.toString('hex').toUpperCase(), hex: raw.toString('hex') },
      { label: 'Base64', publicKey: freshKey().toString('base64'), hex: null },
      { label: 'Laptop', publicKey: SSH_LINE, hex: SSH_KEY_HEX },
      { label: 'Minisign', publicKey: MINISIGN_PUB, hex: MINISIGN_KEY_HEX },
    ];
    for (const form of forms) {
      const res = await api('POST', headers, '/developer/signing-keys', {
        label: form.label,
        publicKey: form.publicKey,
      });
      expect(res.statusCode, res.body).toBe(201);
      const key = res.json();
      if (form.hex) expect(key.publicKeyHex).toBe(form.hex);
      expect(key.keyid).toBe(expectedKeyid(key.publicKeyHex));
      expect(key).toMatchObject({ label: form.label, revokedAt: null });
    }

    const list = await api('GET', headers, '/developer/signing-keys');
    expect(list.statusCode).toBe(200);
    expect(list.json().map((key: { label: string }) => key.label)).toEqual([
      'Minisign',
      'Laptop',
      'Base64',
      'Hex',
    ]);
    const active = await activeSigningKeys(ctx.database.db, user.id);
    expect(active.map((key) => key.publicKeyHex)).toContain(SSH_KEY_HEX);
    expect(active).toContainEqual({ keyid: expectedKeyid(SSH_KEY_HEX), publicKeyHex: SSH_KEY_HEX });
  });

  it('refuses what is not an Ed25519 public key, and a blank name, changing nothing', async () => {
    const { headers } = await developer();
    const rsaLine = 'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 dev@laptop';
    const notKeys = [
      'abc',
      'ab'.repeat(31),
      rsaLine,
      // An OpenSSH line whose blob names ed25519 but carries 31 bytes.
      `ssh-ed25519 ${Buffer.concat([Buffer.from('0000000b', 'hex'), Buffer.from('ssh-ed25519'), Buffer.from('0000001f', 'hex'), Buffer.alloc(31)]).toString('base64')}`,
      freshKey().subarray(0, 24).toString('base64'),
      '-----BEGIN PRIVATE KEY-----',
    ];
    for (const publicKey of notKeys) {
      const res = await api('POST', headers, '/developer/signing-keys', { label: 'Bad', publicKey });
      expect(res.statusCode, publicKey).toBe(400);
      expect(res.json().message).toBe(SIGNING_KEY_FORMAT_MESSAGE);
    }
    const blank = await api('POST', headers, '/developer/signing-keys', {
      label: '  ',
      publicKey: freshKey().toString('hex'),
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(SIGNING_KEY_LABEL_MESSAGE);
    expect((await api('GET', headers, '/developer/signing-keys')).json()).toEqual([]);
  });

  it('refuses a key registered already, by anyone, without saying whose it is', async () => {
    const first = await developer();
    const second = await developer();
    const publicKey = freshKey().toString('hex');
    expect(
      (await api('POST', first.headers, '/developer/signing-keys', { label: 'A', publicKey })).statusCode,
    ).toBe(201);
    for (const { headers } of [first, second]) {
      const again = await api('POST', headers, '/developer/signing-keys', { label: 'B', publicKey });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(SIGNING_KEY_TAKEN_MESSAGE);
    }
  });

  it(`keeps at most ${MAX_ACTIVE_SIGNING_KEYS} active keys; a revoked one frees a place`, async () => {
    const { headers } = await developer();
    const ids: number[] = [];
    for (let n = 0; n < MAX_ACTIVE_SIGNING_KEYS; n++) {
      const res = await api('POST', headers, '/developer/signing-keys', {
        label: `Key ${n}`,
        publicKey: freshKey().toString('hex'),
      });
      ids.push(res.json().id);
    }
    const over = await api('POST', headers, '/developer/signing-keys', {
      label: 'One more',
      publicKey: freshKey().toString('hex'),
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(SIGNING_KEY_LIMIT_MESSAGE);
    expect((await api('DELETE', headers, `/developer/signing-keys/${ids[0]}`)).statusCode).toBe(204);
    const after = await api('POST', headers, '/developer/signing-keys', {
      label: 'One more',
      publicKey: freshKey().toString('hex'),
    });
    expect(after.statusCode).toBe(201);
  });

  it('is for developers: a customer is refused', async () => {
    const customer = await asUser(ctx, 'customer');
    const res = await api('POST', customer, '/developer/signing-keys', {
      label: 'Mine',
      publicKey: freshKey().toString('hex'),
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /developer/signing-keys/{id}', () => {
  it('revokes the key: listed as revoked, no longer active, on the audit trail', async () => {
    const { user, headers } = await developer();
    const kept = (
      await api('POST', headers, '/developer/signing-keys', {
        label: 'Kept',
        publicKey: freshKey().toString('hex'),
      })
    ).json();
    const gone = (
      await api('POST', headers, '/developer/signing-keys', {
        label: 'Lost laptop',
        publicKey: freshKey().toString('hex'),
      })
    ).json();

    expect((await api('DELETE', headers, `/developer/signing-keys/${gone.id}`)).statusCode).toBe(204);
    const listed = (await api('GET', headers, '/developer/signing-keys')).json();
    expect(listed.find((key: { id: number }) => key.id === gone.id).revokedAt).not.toBeNull();
    const byDeveloper = await activeSigningKeysByDeveloper(ctx.database.db, [user.id, 999_999]);
    expect(byDeveloper.get(user.id)).toEqual([{ keyid: kept.keyid, publicKeyHex: kept.publicKeyHex }]);
    expect(byDeveloper.get(999_999)).toEqual([]);

    const again = await api('DELETE', headers, `/developer/signing-keys/${gone.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGNING_KEY_ALREADY_REVOKED_MESSAGE);

    const admin = await asUser(ctx, 'admin');
    const trail = await api('GET', admin, `/admin/audit-events?targetKind=SIGNING_KEY&targetId=${gone.id}`);
    expect(trail.statusCode, trail.body).toBe(200);
    expect(trail.json().content.map((event: { action: string }) => event.action)).toEqual([
      'signing-key:revoke',
      'signing-key:create',
    ]);
  });

  it("refuses another developer's key as not theirs; an admin may revoke it; a missing key is 404", async () => {
    const owner = await developer();
    const other = await developer();
    const key = (
      await api('POST', owner.headers, '/developer/signing-keys', {
        label: 'Mine',
        publicKey: freshKey().toString('hex'),
      })
    ).json();
    const refused = await api('DELETE', other.headers, `/developer/signing-keys/${key.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFUSAL_MESSAGES.NOT_YOURS);
    expect((await activeSigningKeys(ctx.database.db, owner.user.id)).length).toBe(1);

    const admin = await asUser(ctx, 'admin');
    expect((await api('DELETE', admin, `/developer/signing-keys/${key.id}`)).statusCode).toBe(204);
    expect(await activeSigningKeys(ctx.database.db, owner.user.id)).toEqual([]);
    expect((await api('DELETE', admin, '/developer/signing-keys/987654')).statusCode).toBe(404);
    expect((await api('DELETE', admin, '/developer/signing-keys/0x1')).statusCode).toBe(400);
  });
});
