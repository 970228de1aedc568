/**
 * Signs id tokens with the embedded issuer's key, exactly as the issuer does after a sign-in:
 * for the operator command (`ops token EMAIL`) and for tests. Only the embedded issuer can
 * mint; an external provider's tokens come from that provider.
 */
import { importJWK, SignJWT } from 'jose';
import { type IssuerKeys, SIGNING_ALG } from './issuer-keys.ts';

export interface TokenMinter {
  /** A signed id token with these claims (`sub` required), valid for `ttlSeconds` of real time. */
  mint(claims: Readonly<Record<string, unknown>> & { sub: string }, ttlSeconds?: number): Promise<string>;
}

/** The same lifetime as the issuer's id tokens. */
export const TOKEN_TTL_SECONDS = 3600;

export function createTokenMinter(opts: { keys: IssuerKeys; issuer: string; audience: string }): TokenMinter {
  const jwk = opts.keys.jwks.keys[0];
  if (!jwk) throw new Error('the issuer has no signing key');
  const key = importJWK(jwk, SIGNING_ALG);
  return {
    async mint(claims, ttlSeconds = TOKEN_TTL_SECONDS) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: SIGNING_ALG, kid: jwk.kid ?? '' })
        .setIssuer(opts.issuer)
        .setAudience(opts.audience)
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(await key);
    },
  };
}
