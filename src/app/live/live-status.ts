/**
 * The live connection's state for the indicator: idle (nothing live is shown), connecting, live,
 * reconnecting or offline, and when the last push arrived. A plain store read with
 * `useSyncExternalStore`, free of the SignalR client so the indicator costs nothing to import.
 */
import { useSyncExternalStore } from 'react';

export type LiveState = 'idle' | 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface LiveStatus {
  readonly state: LiveState;
  /** Epoch ms of the last push received (or of the last registration answer); null before one. */
  readonly updatedAt: number | null;
}

let status: LiveStatus = { state: 'idle', updatedAt: null };
const listeners = new Set<() => void>();

export function setLiveStatus(next: Partial<LiveStatus>): void {
  const merged = { ...status, ...next };
  if (merged.state === status.state && merged.updatedAt === status.updatedAt) return;
  status = merged;
  for (const l of listeners) l();
}

export function liveStatus(): LiveStatus {
  return status;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribe, liveStatus, liveStatus);
}
