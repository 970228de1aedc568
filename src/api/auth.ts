/**
 * Sign-in configuration the app reads from `GET /api/v1/auth/config` (public): which OpenID
 * provider to send the browser to and as which client. Kept free of zod: the app's entry chunk
 * imports it.
 */
export interface AuthConfig {
  /** The provider's issuer identifier (the `iss` of its tokens). */
  issuer: string;
  /** The app's client id at the provider (the `aud` of its tokens). */
  clientId: string;
  /** Where the browser is sent to sign in; relative for the embedded issuer (same origin). */
  authorizationEndpoint: string;
  /** RP-initiated logout; null when the provider has none (sign-out then only forgets the token). */
  endSessionEndpoint: string | null;
  /** True when the provider is the issuer embedded in this server. */
  embedded: boolean;
}

/** Scopes the app asks for: the id token then carries e-mail and names (spec 1 §7). */
export const AUTH_SCOPES = 'openid profile email';
