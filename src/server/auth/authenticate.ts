/**
 * API access rules, as one onRequest hook on the /api/v1 scope. Each route says who may call
 * it through its `config.access`:
 * - 'public': anyone (health, client errors, auth config, the system message);
 * - 'signedIn': a valid token, whatever the subscription (account and billing calls);
 * - 'active' (the default, so a new route is protected unless it says otherwise): a valid
 *   token and a running trial or subscription, else 403 SUBSCRIPTION_ENDED;
 * - 'addIn': as 'active', and the user's spreadsheet add-in token (`osa_…`, docs/ADDIN.md) is
 *   accepted too. It is accepted nowhere else: it reads figures, it never acts for the user.
 * A missing, malformed, forged, expired or foreign token is 401 UNAUTHORIZED. The user (created
 * on first sight) is `request.user`; routes read it with `requireUser(request)`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { DomainError } from '#domain/errors.ts';
import { isActive } from '#domain/plans/subscription-status.ts';
import { isAddinToken, userForAddinToken } from '../addin/addin-tokens.ts';
import type { Clock } from '../clock.ts';
import type { Database } from '../db/schema.ts';
import { DeletedAccountError, type SignedInUser, signedInUser, userForIdentity } from '../users/users.ts';
import { InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

export const RouteAccess = {
  Public: 'public',
  SignedIn: 'signedIn',
  Active: 'active',
  AddIn: 'addIn',
} as const;
export type RouteAccess = (typeof RouteAccess)[keyof typeof RouteAccess];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; 'active' when not given. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The caller, on every route that is not public. */
    user: SignedInUser | null;
  }
}

export interface Authenticator {
  /** The user behind a sign-in bearer token (for the hub's WebSocket upgrade too); throws 401. */
  userForToken(token: string): Promise<SignedInUser>;
  /** The user of a spreadsheet add-in token; throws 401 for one that is not (or no longer) valid. */
  userForAddinToken(token: string): Promise<SignedInUser>;
}

export function createAuthenticator(deps: {
  verifier: TokenVerifier;
  db: Kysely<Database>;
  clock: Clock;
}): Authenticator {
  return {
    async userForToken(token) {
      // An add-in token is a sign-in token nowhere but on the add-in's routes (the hub and the
      // exports come here too), whatever the provider's verifier would make of it.
      if (isAddinToken(token)) throw new DomainError('UNAUTHORIZED');
      const identity = await deps.verifier.verify(token).catch((err: unknown) => {
        if (err instanceof InvalidTokenError) throw new DomainError('UNAUTHORIZED');
        throw err;
      });
      const now = deps.clock.now();
      const row = await userForIdentity(deps.db, identity, now).catch((err: unknown) => {
        if (err instanceof DeletedAccountError) throw new DomainError('UNAUTHORIZED');
        throw err;
      });
      return signedInUser(row, now);
    },
    async userForAddinToken(token) {
      const now = deps.clock.now();
      const row = await userForAddinToken(deps.db, token, now);
      if (!row) throw new DomainError('UNAUTHORIZED');
      return signedInUser(row, now);
    },
  };
}

/** `Authorization: Bearer <token>`; the scheme is case-insensitive. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer[ ]+([A-Za-z0-9\-._~+/]+=*)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}

export function installAuthentication(scope: FastifyInstance, authenticator: Authenticator): void {
  scope.decorateRequest('user', null);
  scope.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access ?? RouteAccess.Active;
    if (access === RouteAccess.Public) return;
    const token = bearerToken(request.headers.authorization);
    if (!token) throw new DomainError('UNAUTHORIZED');
    const user =
      access === RouteAccess.AddIn && isAddinToken(token)
        ? await authenticator.userForAddinToken(token)
        : await authenticator.userForToken(token);
    request.user = user;
    if (access !== RouteAccess.SignedIn && !isActive(user.subscription.status)) {
      throw new DomainError('SUBSCRIPTION_ENDED');
    }
  });
}

/** The caller of a non-public route (the hook guarantees one). */
export function requireUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw new DomainError('UNAUTHORIZED');
  return request.user;
}
