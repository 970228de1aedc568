/**
 * The lazy boundary of live updates: the SignalR client and the connection manager load on the
 * first screen that shows live data, in a chunk of their own (the first download stays within its
 * budget). One connection per query client.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { LiveConnection } from './live-connection.ts';

const connections = new WeakMap<QueryClient, Promise<LiveConnection>>();

export function loadLiveConnection(queryClient: QueryClient): Promise<LiveConnection> {
  let loading = connections.get(queryClient);
  if (!loading) {
    loading = import('./live-connection.ts').then((m) => new m.LiveConnection(queryClient));
    connections.set(queryClient, loading);
  }
  return loading;
}
