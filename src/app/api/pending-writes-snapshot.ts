/**
 * The signed-in user's pending writes as the screens read them: a snapshot the queue
 * (`pending-writes.ts`) publishes after every change. Its own small module so the shell's count,
 * in the first download, does not bring the queue, which loads after the first render.
 */
import { useSyncExternalStore } from 'react';
import type { PendingWrite } from './pending-writes-store.ts';

let snapshot: readonly PendingWrite[] = [];
const listeners = new Set<() => void>();

export function publishPendingWrites(writes: readonly PendingWrite[]): void {
  snapshot = writes;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The signed-in user's pending writes, kept current (every tab's). */
export const usePendingWrites = (): readonly PendingWrite[] =>
  useSyncExternalStore(subscribe, () => snapshot);
