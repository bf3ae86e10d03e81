/** The signed per-user plugin manifest (docs/client-api.md §2), as the server sends it. */
export interface ManifestPlugin {
  id: number;
  name: string;
  version: string;
  size: number;
  sha256: string;
  /** Its TUF target path; the jar must verify there (docs/trust.md). Null: published unsigned. */
  target?: string | null;
  /** The jars bundled with it, downloaded, verified and loaded with it. */
  dependencies?: ManifestDependency[];
}

/** A jar a plugin bundles: its TUF target (null: unsigned), sha256 and size. */
export interface ManifestDependency {
  target: string | null;
  sha256: string;
  size: number;
}

export interface SignedManifestBody {
  type: 'ember-plugin-manifest';
  userId: number;
  version: number;
  issuedAt: string;
  expiresAt: string;
  plugins: ManifestPlugin[];
}

export interface ManifestSignature {
  keyId: string;
  sig: string;
}

export interface ManifestEnvelope {
  signed: SignedManifestBody;
  signatures: ManifestSignature[];
}

/** A key the trusted root names for manifests: the signature's key id and the raw 32-byte Ed25519 public key in base64. */
export interface TrustedKey {
  keyId: string;
  publicKey: string;
}
