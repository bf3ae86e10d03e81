import { toHex } from '@ember/contracts/signing-keys';

/** A key pair made in this browser: the public half as hex, the private half as a PKCS #8 PEM file. */
export interface GeneratedKeyPair {
  publicKeyHex: string;
  privateKeyPem: string;
}

function pem(label: string, der: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(der)) binary += String.fromCharCode(byte);
  const lines = btoa(binary).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

/**
 * An Ed25519 key pair from WebCrypto. The private key leaves only as the file the developer saves
 * (decision 0053): Node's `crypto.createPrivateKey`, OpenSSL and the release command read it.
 */
export async function generateEd25519KeyPair(): Promise<GeneratedKeyPair> {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, [
    'sign',
    'verify',
  ])) as CryptoKeyPair;
  const publicRaw = await crypto.subtle.exportKey('raw', pair.publicKey);
  const privatePkcs8 = await crypto.subtle.exportKey('pkcs8', pair.privateKey);
  return { publicKeyHex: toHex(new Uint8Array(publicRaw)), privateKeyPem: pem('PRIVATE KEY', privatePkcs8) };
}
