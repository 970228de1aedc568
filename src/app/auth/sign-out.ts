/**
 * Sign Out (spec 1 §2, docs/OFFLINE.md "Sign out"): run the steps registered to go before it
 * (any may keep the user signed in), turn off this device's alerts, forget the token, wipe this user's cached data from memory
 * and from the device, then let the provider end its session and send the browser back to
 * `returnPath` (by default /signin, which goes on to the provider's sign-in page).
 */
import type { QueryClient } from '@tanstack/react-query';
import { wipePersistedCache } from '../api/query-client.ts';
import { endpointUrl, loadAuthConfig } from './auth-config.ts';
import { storedToken, storeToken } from './token.ts';

/**
 * A step before signing out, run while the token is still valid: for example sending the writes
 * made offline, or asking the user whether to drop them. Resolving false keeps the user signed in.
 */
export type BeforeSignOutStep = () => Promise<boolean>;

const beforeSignOutSteps: BeforeSignOutStep[] = [];

/** Adds a step run (in order of adding) before every sign-out; returns its removal. */
export function addBeforeSignOutStep(step: BeforeSignOutStep): () => void {
  beforeSignOutSteps.push(step);
  return () => {
    const at = beforeSignOutSteps.indexOf(step);
    if (at >= 0) beforeSignOutSteps.splice(at, 1);
  };
}

/** Signs out; resolves false, having changed nothing, when a step before it said no. */
export async function signOut(
  queryClient: QueryClient,
  returnPath: '/signin' | '/signup' = '/signin',
  go: (url: string) => void = (url) => window.location.assign(url),
): Promise<boolean> {
  for (const step of [...beforeSignOutSteps]) {
    if (!(await step())) return false;
  }
  // This device stops getting the user's alerts, while the token can still say so to the server;
  // a failure here must not keep anyone signed in.
  await import('#app/features/alerts/device-alerts.ts')
    .then((alerts) => alerts.turnOffDeviceAlerts())
    .catch(() => {});
  const token = storedToken();
  storeToken(null);
  queryClient.clear();
  // Before leaving the page: the next person on this device must not read this user's data.
  await wipePersistedCache();
  const back = `${window.location.origin}${returnPath}`;
  const config = await loadAuthConfig().catch(() => null);
  if (!config?.endSessionEndpoint) {
    go(back);
    return true;
  }
  const url = endpointUrl(config.endSessionEndpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('post_logout_redirect_uri', back);
  if (token) url.searchParams.set('id_token_hint', token);
  go(url.href);
  return true;
}
