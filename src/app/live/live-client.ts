/**
 * The lazy boundary of live updates: the SignalR client and the connection manager load on the
 * first screen that shows live data, in a chunk of their own, once that screen shows its content
 * (the first download stays within its budget; the data on screen is fresh from the API by then).
 * One connection per query client.
 */
import type { QueryClient } from '@tanstack/react-query';
import { afterFirstContent } from '#app/api/first-content.ts';
import type { LiveConnection } from './live-connection.ts';

const connections = new WeakMap<QueryClient, Promise<LiveConnection>>();

export function loadLiveConnection(queryClient: QueryClient): Promise<LiveConnection> {
  let loading = connections.get(queryClient);
  if (!loading) {
    loading = afterFirstContent()
      .then(() => import('./live-connection.ts'))
      .then((m) => new m.LiveConnection(queryClient));
    connections.set(queryClient, loading);
  }
  return loading;
}
