/**
 * Content-addressed storage for plugin artifacts and client releases: bytes are written once under
 * their SHA-256 (hex) and read back verified. A local folder by default; an S3-compatible object
 * store when several machines serve downloads.
 */
export interface BlobStore {
  /** Stores the bytes under their SHA-256; storing the same bytes again is a no-op. */
  put(bytes: Uint8Array): Promise<{ sha256: string; size: number }>;
  /** The bytes stored under `sha256`, verified against it, or null when absent. */
  get(sha256: string): Promise<Uint8Array | null>;
  has(sha256: string): Promise<boolean>;
  /**
   * A short-lived URL the client downloads from directly (a presigned S3 GET), or null when the
   * store cannot sign one and the server serves the bytes itself behind its own signed URL.
   */
  presignedUrl(sha256: string, expiresInSeconds: number): Promise<string | null>;
}
