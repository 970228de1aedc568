/** Where to sign in and out: the public `GET /auth/config`, asked each time (sign-in and out are rare). */
import type { AuthConfig } from '#api/auth.ts';
import { shellCall } from '../api/client.ts';

export const loadAuthConfig = (): Promise<AuthConfig> => shellCall('auth.config');

/** The provider's endpoint as an absolute URL (the embedded issuer's are relative to the app). */
export const endpointUrl = (endpoint: string) => new URL(endpoint, window.location.origin);
