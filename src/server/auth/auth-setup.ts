/**
 * Which OpenID provider signs users in: the embedded issuer by default, or an external one
 * when OIDC_ISSUER and OIDC_CLIENT_ID are set. Either way the API checks tokens the same way
 * and the app learns where to go from `GET /api/v1/auth/config`.
 */
import type { Kysely } from 'kysely';
import type { AuthConfig } from '#api/auth.ts';
import { OIDC_BASE } from '#api/paths.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { createEmbeddedIssuer, type EmbeddedIssuer } from './embedded-issuer.ts';
import { publicJwks } from './issuer-keys.ts';
import {
  discoveryLoader,
  localTokenVerifier,
  remoteTokenVerifier,
  type TokenVerifier,
} from './token-verifier.ts';

export interface AuthSetup {
  readonly verifier: TokenVerifier;
  /** null when an external provider is configured. */
  readonly embedded: EmbeddedIssuer | null;
  authConfig(): Promise<AuthConfig>;
}

export async function createAuthSetup(config: Config, db: Kysely<Database>): Promise<AuthSetup> {
  if (config.oidcIssuer === null) {
    const embedded = await createEmbeddedIssuer(config, db);
    const answer: AuthConfig = {
      issuer: embedded.issuer,
      clientId: embedded.clientId,
      // Same origin as the app: relative, so it works on whatever host name the app was opened.
      authorizationEndpoint: `${OIDC_BASE}/auth`,
      endSessionEndpoint: `${OIDC_BASE}/session/end`,
      embedded: true,
    };
    return {
      embedded,
      verifier: localTokenVerifier({
        issuer: embedded.issuer,
        audience: embedded.clientId,
        jwks: publicJwks(embedded.keys),
      }),
      authConfig: async () => answer,
    };
  }
  const issuer = config.oidcIssuer;
  const discovery = discoveryLoader(issuer);
  return {
    embedded: null,
    verifier: remoteTokenVerifier({ issuer, audience: config.oidcClientId, discovery }),
    async authConfig() {
      const doc = await discovery();
      return {
        issuer,
        clientId: config.oidcClientId,
        authorizationEndpoint: doc.authorization_endpoint,
        endSessionEndpoint: doc.end_session_endpoint ?? null,
        embedded: false,
      };
    },
  };
}
