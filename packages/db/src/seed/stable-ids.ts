import { createHash } from 'node:crypto';

/** Hex sha256 of a label: stands in for artifact and jar hashes in demo data. */
export const sha256Of = (label: string) => createHash('sha256').update(label).digest('hex');

/** A version-4-shaped UUID derived from a label, so demo session ids are stable. */
export function uuidOf(label: string): string {
  const hex = sha256Of(label);
  const variant = ((Number.parseInt(hex.charAt(16), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
