import { type JwtClaims, jwtClaims } from '@ember/contracts/identity';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'ember-identity';
const AUDIENCE = 'ember-api';
const TYPE = 'JWT';
/** Three base64url parts separated by dots. */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]*$/;

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** What sign() needs; `ver` defaults to 0, the token version of an account that never signed out. */
export type ClaimsToSign = Omit<JwtClaims, 'ver'> & { ver?: number };

/**
 * Signs and verifies the product JWT. Only HS256 is accepted, so `alg: none` and key-confusion
 * tokens fail; `exp`, `iat` and `sub` are required, and a token older than the configured lifetime
 * is refused even if its `exp` says otherwise.
 */
export function createProductTokens(options: { secret: string; ttlSeconds: number; clock?: () => Date }) {
  // Imported once: given raw bytes, jose imports the key again on every sign and verify (issue 11).
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(options.secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  const now = options.clock ?? (() => new Date());

  return {
    async sign(claims: ClaimsToSign): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ discordId: claims.discordId, roles: claims.roles, ver: claims.ver ?? 0 })
        .setProtectedHeader({ alg: ALGORITHM, typ: TYPE })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(await key);
    },

    async verify(token: string): Promise<VerifyResult> {
      // Not a compact JWS at all (a game client's `emc_` token, which the rate limits try on every
      // client call): refused without jose, whose refusal builds an error object (issue 36: an eighth
      // of a heartbeat's CPU).
      if (!COMPACT_JWS.test(token)) return { ok: false, reason: 'invalid' };
      try {
        const { payload } = await jwtVerify(token, await key, {
          algorithms: [ALGORITHM],
          typ: TYPE,
          issuer: ISSUER,
          audience: AUDIENCE,
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: options.ttlSeconds,
          currentDate: now(),
        });
        const claims = jwtClaims.safeParse(payload);
        return claims.success ? { ok: true, claims: claims.data } : { ok: false, reason: 'invalid' };
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' };
      }
    },
  };
}

export type ProductTokens = ReturnType<typeof createProductTokens>;
