/**
 * The configuration the server hands the web app at page load (embedded in index.html).
 * Everything brand- or deployment-specific lives here, never hard-coded in components.
 *
 * Plain TypeScript, no zod: the web app reads it at boot, before anything else, and zod must not
 * be part of the landing bundle. The server's response schema (public-config-schema.ts) is typed
 * against this interface and a test keeps the two in step.
 */
export interface PublicConfig {
  brand: {
    name: string;
    tagline: string;
    logoUrl: string;
    chatInviteUrl: string;
    javadocsUrl: string;
    forumsUrl: string;
    designStudio: { name: string; url: string };
  };
  /** The API bases; `admin` is the background jobs' admin API (/api/admin). */
  api: { identity: string; shop: string; commerce: string; admin: string };
  bootstrapUrl: string;
}

type Fields = Record<string, unknown>;

function objectAt(value: unknown, where: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`Public config: ${where} must be an object.`);
  }
  return value as Fields;
}

/** A string; `nonEmpty` ones (names, URLs) must hold at least one character. */
function stringAt(fields: Fields, key: string, where: string, nonEmpty = true): string {
  const value = fields[key];
  if (typeof value !== 'string' || (nonEmpty && value.length === 0)) {
    throw new TypeError(`Public config: ${where}.${key} must be a ${nonEmpty ? 'non-empty ' : ''}string.`);
  }
  return value;
}

/** Checks an embedded config and returns it with only the known fields; throws a TypeError naming the bad field. */
export function parsePublicConfig(value: unknown): PublicConfig {
  const root = objectAt(value, 'the config');
  const brand = objectAt(root.brand, 'brand');
  const studio = objectAt(brand.designStudio, 'brand.designStudio');
  const api = objectAt(root.api, 'api');
  return {
    brand: {
      name: stringAt(brand, 'name', 'brand'),
      tagline: stringAt(brand, 'tagline', 'brand', false),
      logoUrl: stringAt(brand, 'logoUrl', 'brand'),
      chatInviteUrl: stringAt(brand, 'chatInviteUrl', 'brand'),
      javadocsUrl: stringAt(brand, 'javadocsUrl', 'brand'),
      forumsUrl: stringAt(brand, 'forumsUrl', 'brand'),
      designStudio: {
        name: stringAt(studio, 'name', 'brand.designStudio'),
        url: stringAt(studio, 'url', 'brand.designStudio'),
      },
    },
    api: {
      identity: stringAt(api, 'identity', 'api'),
      shop: stringAt(api, 'shop', 'api'),
      commerce: stringAt(api, 'commerce', 'api'),
      admin: stringAt(api, 'admin', 'api'),
    },
    bootstrapUrl: stringAt(root, 'bootstrapUrl', 'the config'),
  };
}
