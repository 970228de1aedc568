/**
 * The OpenID implicit flow, app side (spec 1 §2, §7). /signin and /signup send the browser to
 * the provider's authorization page for an id token (scopes openid profile email) with a
 * `state` and a `nonce`; the provider comes back to /auth with `#id_token=…&state=…`.
 * The state carries the redirect address and the router state; it and the nonce are kept in
 * sessionStorage and checked on return, so an answer this tab did not ask for is refused.
 */
import { AUTH_SCOPES } from '#api/auth.ts';
import { safeReturnPath } from './access.ts';
import { endpointUrl, loadAuthConfig } from './auth-config.ts';
import { jwtPayload } from './jwt-payload.ts';
import { storeToken } from './token.ts';

const PENDING_KEY = 'auth:pending';
/** Keeps the state parameter (and so the URL) a sensible size. */
const MAX_ROUTER_STATE_CHARS = 1000;

interface Pending {
  readonly state: string;
  readonly nonce: string;
}

interface StateContent {
  readonly id: string;
  readonly redirect: string;
  readonly routerState?: Record<string, unknown>;
}

const randomId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
};

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

function fromBase64Url(value: string): unknown {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) =>
    c.charCodeAt(0),
  );
  return JSON.parse(new TextDecoder().decode(bytes));
}

/** The address of the provider's authorization page; stores the pending state and nonce. */
export async function authorizationUrl(opts: {
  signUp: boolean;
  redirect: string;
  routerState?: Record<string, unknown>;
}): Promise<string> {
  const config = await loadAuthConfig();
  const routerState =
    opts.routerState && JSON.stringify(opts.routerState).length <= MAX_ROUTER_STATE_CHARS
      ? opts.routerState
      : undefined;
  const content: StateContent = {
    id: randomId(),
    redirect: safeReturnPath(opts.redirect),
    ...(routerState ? { routerState } : {}),
  };
  const pending: Pending = { state: toBase64Url(JSON.stringify(content)), nonce: randomId() };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const url = endpointUrl(config.authorizationEndpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    response_type: 'id_token',
    response_mode: 'fragment',
    scope: AUTH_SCOPES,
    redirect_uri: `${window.location.origin}/auth`,
    state: pending.state,
    nonce: pending.nonce,
    // Opens the embedded issuer's sign-up page; other providers ignore it.
    ...(opts.signUp ? { screen_hint: 'signup' } : {}),
  }).toString();
  return url.href;
}

export type SignInResult =
  | {
      readonly kind: 'signedIn';
      readonly redirect: string;
      readonly routerState: Record<string, unknown> | undefined;
      readonly sub: string;
    }
  /** The provider answered without a token: it refused the address (disposable or mistyped). */
  | { readonly kind: 'noToken' }
  /** The answer does not belong to a sign-in this tab started, or the token is not for it. */
  | { readonly kind: 'mismatch' };

/** Reads the provider's answer from the URL fragment and, when it checks out, stores the token. */
export function completeSignIn(fragment: string): SignInResult {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const token = params.get('id_token');
  if (!token) return { kind: 'noToken' };
  const stored = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = stored ? (JSON.parse(stored) as Pending) : null;
  const state = params.get('state');
  const claims = jwtPayload(token);
  if (!pending || state !== pending.state || !claims || claims.nonce !== pending.nonce)
    return { kind: 'mismatch' };
  let content: Partial<StateContent> = {};
  try {
    content = fromBase64Url(state) as Partial<StateContent>;
  } catch {
    return { kind: 'mismatch' };
  }
  storeToken(token);
  return {
    kind: 'signedIn',
    redirect: safeReturnPath(content.redirect),
    routerState: content.routerState,
    sub: String(claims.sub ?? ''),
  };
}
