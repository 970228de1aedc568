/**
 * The embedded OpenID Connect issuer (oidc-provider 9) at `${publicUrl}/oidc`: one public
 * client (this app) using the implicit flow, `response_type=id_token` in the fragment, scopes
 * openid profile email. Consent is implied (first-party app), the sign-in and sign-up pages
 * are ours (`interaction-routes.ts`), state lives in the database, keys in DATA_DIR.
 */
import type { Kysely } from 'kysely';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { OIDC_BASE } from '#api/paths.ts';
import { appAddresses, type Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { identityById, identityClaims } from './identities.ts';
import { type IssuerKeys, loadIssuerKeys } from './issuer-keys.ts';
import { createOidcAdapterFactory } from './oidc-adapter.ts';
import { AUTO_SUBMIT_SCRIPT_HASH, messagePage, signOutPage } from './pages.ts';
import { createTokenMinter, type TokenMinter } from './token-minter.ts';

export interface EmbeddedIssuer {
  readonly provider: Provider;
  readonly issuer: string;
  readonly clientId: string;
  /** The app's addresses (`appAddresses`): where its sign-in may send the browser back. */
  readonly apps: readonly string[];
  readonly keys: IssuerKeys;
  readonly minter: TokenMinter;
}

export const SCOPES = 'openid profile email';
const DAY_S = 86_400;

/** The app's pages the issuer may send the browser back to. */
export const APP_RETURN_PATHS = { signIn: '/auth', signOut: ['/signin', '/signup', '/'] } as const;

export function embeddedIssuerUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${OIDC_BASE}`;
}

/**
 * Implicit-flow clients must use https and no `localhost` (OpenID rules). Production serves
 * the app over https on its real host name, so the rule holds there; refuse to start otherwise
 * rather than fail at the first sign-in.
 */
function assertProductionUrl(config: Config): void {
  const url = new URL(config.publicUrl);
  if (config.mode === 'production' && (url.protocol !== 'https:' || url.hostname === 'localhost')) {
    throw new Error(
      `In production the embedded sign-in needs PUBLIC_URL=https://<host name> (got ${config.publicUrl}), or set OIDC_ISSUER and OIDC_CLIENT_ID to use another OpenID provider.`,
    );
  }
}

/**
 * CSP `form-action` for the issuer's pages: form-action also covers the redirects a form post
 * ends in, and those go back to the app, possibly on another of its origins.
 */
export function formActionSources(apps: readonly string[]): string {
  return ["'self'", ...new Set(apps.map((app) => new URL(app).origin))].join(' ');
}

/** A Content-Security-Policy with directive `name` set to `values` (replacing any it had). */
export function withCspDirective(csp: string, name: string, values: string): string {
  const directives = csp
    .split(';')
    .map((d) => d.trim())
    .filter((d) => d && !d.startsWith(`${name} `));
  return [...directives, `${name} ${values}`].join(';');
}

/** Sets a Content-Security-Policy directive on a response oidc-provider renders. */
function setCspDirective(ctx: KoaContextWithOIDC, name: string, values: string): void {
  const csp = ctx.response.get('content-security-policy');
  if (csp) ctx.set('content-security-policy', withCspDirective(csp, name, values));
}

interface Invalidating {
  invalidate(message: string, code?: string): void;
}

/**
 * Outside production only: the client may be registered with http and localhost addresses (the
 * two implicit-flow checks of OpenID), so `npm start` works on http://localhost. The addresses
 * themselves stay exact in every mode: only the app's pages under `appAddresses(config)`.
 */
function allowPlainHttpClients(provider: Provider): void {
  // `Client.Schema` (the metadata validator) is not in the published types.
  const Schema: { prototype: Invalidating } = Reflect.get(provider.Client, 'Schema');
  const schema = Schema.prototype;
  const invalidate = schema.invalidate;
  schema.invalidate = function (this: unknown, message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    invalidate.call(this, message, code);
  };
}

export async function createEmbeddedIssuer(config: Config, db: Kysely<Database>): Promise<EmbeddedIssuer> {
  assertProductionUrl(config);
  const issuer = embeddedIssuerUrl(config);
  const clientId = config.oidcClientId;
  const apps = appAddresses(config);
  const keys = await loadIssuerKeys(config.dataDir);
  const adapter = createOidcAdapterFactory(db);
  await adapter.sweep();

  const configuration: Configuration = {
    adapter: adapter.factory,
    jwks: keys.jwks as Configuration['jwks'],
    cookies: { keys: keys.cookieKeys },
    clients: [
      {
        client_id: clientId,
        client_name: 'OptionScout',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        response_types: ['id_token'],
        grant_types: ['implicit'],
        redirect_uris: apps.map((app) => `${app}${APP_RETURN_PATHS.signIn}`),
        post_logout_redirect_uris: apps.flatMap((app) => APP_RETURN_PATHS.signOut.map((p) => `${app}${p}`)),
      },
    ],
    responseTypes: ['id_token'],
    scopes: ['openid', 'profile', 'email'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
    },
    // `screen_hint=signup` (the app's /signup) opens the sign-up page instead of sign-in.
    extraParams: ['screen_hint'],
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          setCspDirective(ctx, 'script-src', `'self' ${AUTO_SUBMIT_SCRIPT_HASH}`);
          // The return address may be another of the app's origins (OIDC_APP_ORIGINS).
          setCspDirective(ctx, 'form-action', formActionSources(apps));
          ctx.type = 'html';
          ctx.body = signOutPage(form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.type = 'html';
          ctx.body = messagePage('Signed out', 'You are signed out of OptionScout.', {
            href: '/signin',
            label: 'Sign in again',
          });
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_BASE}/interaction/${interaction.uid}` },
    findAccount: async (_ctx, sub) => {
      const identity = await identityById(db, sub);
      if (!identity) return undefined;
      return { accountId: sub, claims: async () => identityClaims(identity) };
    },
    // A first-party app: the user's consent is implied, so no consent page.
    loadExistingGrant: async (ctx) => {
      const { oidc } = ctx;
      if (!oidc.client || !oidc.session?.accountId) return undefined;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new oidc.provider.Grant({
        clientId: oidc.client.clientId,
        accountId: oidc.session.accountId,
      });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    ttl: { IdToken: 3600, Session: 14 * DAY_S, Interaction: 3600, Grant: 14 * DAY_S },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      const detail = [out.error, out.error_description].filter(Boolean).join(': ');
      ctx.body = messagePage('Sign-in problem', detail || 'The sign-in could not be completed.');
    },
  };
  const provider = new Provider(issuer, configuration);
  // Behind a TLS-terminating proxy (TRUST_PROXY=1) the scheme comes from X-Forwarded-Proto.
  provider.proxy = config.trustProxy;
  if (config.mode !== 'production') allowPlainHttpClients(provider);
  return {
    provider,
    issuer,
    clientId,
    apps,
    keys,
    minter: createTokenMinter({ keys, issuer, audience: clientId }),
  };
}
