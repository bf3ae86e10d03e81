import { type JwtClaims, jwtClaims } from '@ember/contracts/identity';
import { errors, jwtVerify, SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const ISSUER = 'ember-identity';
const AUDIENCE = 'ember-api';

export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; reason: 'expired' | 'invalid' };

/** Signs and verifies the product JWT. Only HS256 is accepted, so `alg: none` and key-confusion tokens fail. */
export function createProductTokens(options: { secret: string; ttlSeconds: number; clock?: () => Date }) {
  const key = new TextEncoder().encode(options.secret);
  const now = options.clock ?? (() => new Date());

  return {
    async sign(claims: JwtClaims): Promise<string> {
      const issuedAt = Math.floor(now().getTime() / 1000);
      return new SignJWT({ discordId: claims.discordId, roles: claims.roles })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
    },

    async verify(token: string): Promise<VerifyResult> {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          issuer: ISSUER,
          audience: AUDIENCE,
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
