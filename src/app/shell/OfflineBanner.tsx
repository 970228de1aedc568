/**
 * While the browser is offline, every screen says so and how old what it shows is: the last time
 * data kept on the device came from the server (docs/OFFLINE.md "Reading").
 */
import { onlineManager, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { isKeptOffline } from '../api/cache-persister.ts';
import { dataTimeText } from './data-time.ts';
import './offline-banner.css';

const subscribe = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/** When the newest data kept offline was answered (epoch ms); null when nothing is kept. */
export function newestKeptDataAt(queryClient: QueryClient): number | null {
  let newest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    const at = query.state.dataUpdatedAt;
    if (query.state.status === 'success' && isKeptOffline(query.queryKey) && at > (newest ?? 0)) newest = at;
  }
  return newest;
}

export function OfflineBanner() {
  const queryClient = useQueryClient();
  const online = useSyncExternalStore(subscribe, isOnline, isOnline);
  if (online) return null;
  const newest = newestKeptDataAt(queryClient);
  return (
    <div className="offline-banner" role="status">
      {newest === null
        ? 'Offline — nothing from this account is stored on this device yet'
        : `Offline — showing data from ${dataTimeText(newest)}`}
    </div>
  );
}
