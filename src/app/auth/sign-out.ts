/**
 * Sign Out (spec 1 §2): forget the token and this user's cached data, then let the provider end
 * its session and send the browser back to `returnPath` (by default /signin, which goes on to
 * the provider's sign-in page).
 */
import type { QueryClient } from '@tanstack/react-query';
import { endpointUrl, loadAuthConfig } from './auth-config.ts';
import { storedToken, storeToken } from './token.ts';

export async function signOut(
  queryClient: QueryClient,
  returnPath: '/signin' | '/signup' = '/signin',
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<void> {
  const token = storedToken();
  storeToken(null);
  queryClient.clear();
  const back = `${window.location.origin}${returnPath}`;
  const config = await loadAuthConfig().catch(() => null);
  if (!config?.endSessionEndpoint) {
    go(back);
    return;
  }
  const url = endpointUrl(config.endSessionEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('post_logout_redirect_uri', back);
  if (token) url.searchParams.set('id_token_hint', token);
  go(url.href);
}
