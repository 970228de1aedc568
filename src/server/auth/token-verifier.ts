/**
 * Checks the bearer token of every API call: an OpenID id token signed by the issuer's keys,
 * with our client id as audience, from the configured issuer, not expired (5 s of clock
 * tolerance, real time). The embedded issuer's keys are used in-process; an external
 * provider's are fetched from its discovery document's `jwks_uri` and cached (jose refetches
 * on an unknown `kid`, so key rotation needs nothing from us).
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  type JWK,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from 'jose';

export interface VerifiedIdentity {
  readonly issuer: string;
  readonly sub: string;
  readonly email: string;
  readonly givenName: string;
  readonly familyName: string;
  readonly name: string;
  /** The token's `iat` (epoch ms); 0 when it has none. */
  readonly issuedAtMs: number;
}

export interface TokenVerifier {
  readonly issuer: string;
  readonly audience: string;
  /** The identity in a valid token; throws `InvalidTokenError` otherwise. */
  verify(token: string): Promise<VerifiedIdentity>;
}

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** Asymmetric algorithms only: a symmetric (HS*) id token would need the client secret we don't have. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
const CLOCK_TOLERANCE_S = 5;

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

function identityOf(issuer: string, payload: JWTPayload): VerifiedIdentity {
  const email = text(payload.email).toLowerCase();
  if (!payload.sub) throw new InvalidTokenError('token has no subject');
  // The app's users are known by their address (billing, support): a token without one is refused.
  if (!email) throw new InvalidTokenError('token has no e-mail address');
  const givenName = text(payload.given_name);
  const familyName = text(payload.family_name);
  return {
    issuer,
    sub: payload.sub,
    email,
    givenName,
    familyName,
    name: text(payload.name) || `${givenName} ${familyName}`.trim(),
    issuedAtMs: typeof payload.iat === 'number' ? payload.iat * 1000 : 0,
  };
}

function verifierWith(issuer: string, audience: string, keys: () => Promise<JWTVerifyGetKey>): TokenVerifier {
  return {
    issuer,
    audience,
    async verify(token) {
      // Not reaching the provider's keys is our failure (500), not the user's (401).
      const keySet = await keys();
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, keySet, {
          issuer,
          audience,
          algorithms: ALGORITHMS,
          clockTolerance: CLOCK_TOLERANCE_S,
          requiredClaims: ['exp', 'sub'],
        }));
      } catch (err) {
        const unreachable = !(err instanceof joseErrors.JOSEError) || err instanceof joseErrors.JWKSTimeout;
        if (unreachable) throw err;
        throw new InvalidTokenError(err.message);
      }
      return identityOf(issuer, payload);
    },
  };
}

/** For the embedded issuer: its public keys, in-process. */
export function localTokenVerifier(opts: {
  issuer: string;
  audience: string;
  jwks: { keys: JWK[] };
}): TokenVerifier {
  const keySet = createLocalJWKSet(opts.jwks);
  return verifierWith(opts.issuer, opts.audience, async () => keySet);
}

export interface Discovery {
  readonly issuer: string;
  readonly jwks_uri: string;
  readonly authorization_endpoint: string;
  readonly end_session_endpoint?: string;
}

export function discoveryUrl(issuer: string): string {
  return `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
}

/**
 * An external provider's discovery document, fetched on first use and kept; a failed fetch is
 * retried on the next call instead of being cached.
 */
export function discoveryLoader(issuer: string, fetchImpl: typeof fetch = fetch): () => Promise<Discovery> {
  let pending: Promise<Discovery> | null = null;
  const load = async (): Promise<Discovery> => {
    const res = await fetchImpl(discoveryUrl(issuer), { headers: { accept: 'application/json' } });
    if (!res.ok) throw new Error(`OpenID discovery at ${discoveryUrl(issuer)} answered ${res.status}`);
    const doc = (await res.json()) as Partial<Discovery>;
    if (doc.issuer !== issuer) {
      throw new Error(`OpenID discovery names issuer '${doc.issuer}', expected OIDC_ISSUER '${issuer}'`);
    }
    if (!doc.jwks_uri || !doc.authorization_endpoint) {
      throw new Error('OpenID discovery lacks jwks_uri or authorization_endpoint');
    }
    return doc as Discovery;
  };
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

/** For an external provider: keys from its `jwks_uri`, found through discovery. */
export function remoteTokenVerifier(opts: {
  issuer: string;
  audience: string;
  discovery: () => Promise<Discovery>;
}): TokenVerifier {
  let keySet: JWTVerifyGetKey | null = null;
  return verifierWith(opts.issuer, opts.audience, async () => {
    keySet ??= createRemoteJWKSet(new URL((await opts.discovery()).jwks_uri));
    return keySet;
  });
}
