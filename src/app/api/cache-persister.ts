/**
 * How the query cache is written to the device (docs/OFFLINE.md "What is kept and for how long").
 *
 * Why not the stock sync persister: it serialises and rewrites the whole cache at most once a
 * second on every cache event, and live pushes are cache events, so a screen with live data
 * rewrote megabytes to IndexedDB some 20 times every 30 s. Here:
 * - only what is worth reading offline is kept (`isKeptOffline`), never the live ticks;
 * - a write waits `intervalMs` after the first change, and happens at once when the page is hidden
 *   (the app may be closed next) or a user's write (a mutation) starts, pauses or ends: a write
 *   made offline must survive a reload that follows at once;
 * - a write is skipped when no kept query or write changed (a live mark keeps its query's update
 *   time, so it changes nothing here);
 * - the written text is held under `maxChars`: the oldest scan results go first, then the oldest
 *   other queries; pending writes are never dropped.
 */
import type { DehydratedState, Query, QueryKey } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import type { MirrorStorage } from './idb-mirror-storage.ts';

/** The key of a scan's last results, kept for reading offline (`screens/scan/use-scan-run.ts`). */
export const LAST_SCAN_RESULT = 'last-result';

/** The first two parts of the keys kept offline, by feature. */
const KEPT: Readonly<Record<string, readonly string[]>> = {
  account: ['subscription', 'settings', 'reports'],
  system: ['message'],
  billing: ['plans'],
  screener: ['lists', 'scan', 'tags', 'universes', LAST_SCAN_RESULT],
  trades: ['accounts', 'list', 'order'],
  market: ['underlyings', 'chain'],
};

/** Lists, scans and their last results, trades, settings, universes and opened chains. */
export function isKeptOffline(queryKey: QueryKey): boolean {
  const [feature, part] = queryKey;
  return typeof feature === 'string' && typeof part === 'string' && (KEPT[feature]?.includes(part) ?? false);
}

export const shouldPersistQuery = (query: Query): boolean =>
  query.state.status === 'success' && isKeptOffline(query.queryKey);

type DehydratedQuery = DehydratedState['queries'][number];

/** The writes waiting in the cache, each by its key and state. */
function writesFingerprint(state: DehydratedState): string {
  return state.mutations
    .map(
      (m) =>
        `${JSON.stringify(m.mutationKey ?? null)}@${m.state.submittedAt}:${m.state.status}:${m.state.isPaused ? 1 : 0}:${m.state.failureCount}`,
    )
    .join('|');
}

/** What a write would change: each kept query's and write's identity and update time. */
export function cacheFingerprint(state: DehydratedState): string {
  const queries = state.queries.map(
    (q) => `${q.queryHash}@${q.state.dataUpdatedAt}:${q.state.status}:${q.state.isInvalidated ? 1 : 0}`,
  );
  return `${queries.join('|')}#${writesFingerprint(state)}`;
}

const isScanResult = (q: DehydratedQuery) =>
  q.queryKey[0] === 'screener' && q.queryKey[1] === LAST_SCAN_RESULT;

/**
 * `client` as text of at most `maxChars` characters (when its writes alone fit): queries are
 * dropped oldest scan result first, then oldest other query first.
 */
export function cappedText(client: PersistedClient, maxChars: number): string {
  const whole = JSON.stringify(client);
  if (whole.length <= maxChars) return whole;
  const queries = client.clientState.queries;
  const sizes = new Map(queries.map((q) => [q, JSON.stringify(q).length + 1]));
  const evictionOrder = [...queries].sort(
    (a, b) =>
      Number(isScanResult(b)) - Number(isScanResult(a)) || a.state.dataUpdatedAt - b.state.dataUpdatedAt,
  );
  const dropped = new Set<DehydratedQuery>();
  let size = whole.length;
  for (const q of evictionOrder) {
    if (size <= maxChars) break;
    dropped.add(q);
    size -= sizes.get(q) ?? 0;
  }
  return JSON.stringify({
    ...client,
    clientState: { ...client.clientState, queries: queries.filter((q) => !dropped.has(q)) },
  });
}

export interface CachePersisterOptions {
  readonly storage: MirrorStorage;
  readonly key: string;
  /** A change is written at most this long after it happened, ms. */
  readonly intervalMs: number;
  /** The most characters the written cache may hold. */
  readonly maxChars: number;
}

export interface CachePersister extends Persister {
  /** Writes the waiting change now (page hidden). */
  flush(): void;
  /** Forgets the waiting change and deletes everything stored, in memory and on the device. */
  wipe(): Promise<void>;
}

export function createCachePersister({
  storage,
  key,
  intervalMs,
  maxChars,
}: CachePersisterOptions): CachePersister {
  let waiting: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let written: string | null = null;
  let writtenWrites = '';

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const client = waiting;
    waiting = null;
    if (!client) return;
    const fingerprint = cacheFingerprint(client.clientState);
    if (fingerprint === written) return;
    written = fingerprint;
    writtenWrites = writesFingerprint(client.clientState);
    const { queries, mutations } = client.clientState;
    // An empty cache (after a sign-out) is stored as nothing.
    if (queries.length === 0 && mutations.length === 0) storage.removeItem(key);
    else storage.setItem(key, cappedText(client, maxChars));
  };

  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') flush();
    });
    window.addEventListener('pagehide', flush);
  }

  return {
    persistClient: (client) => {
      waiting = client;
      if (writesFingerprint(client.clientState) !== writtenWrites) flush();
      else timer ??= setTimeout(flush, intervalMs);
    },
    restoreClient: () => {
      const text = storage.getItem(key);
      if (!text) return undefined;
      written = null;
      return JSON.parse(text) as PersistedClient;
    },
    removeClient: () => {
      written = null;
      storage.removeItem(key);
    },
    flush,
    wipe: () => {
      clearTimeout(timer);
      timer = undefined;
      waiting = null;
      written = null;
      writtenWrites = '';
      return storage.clear();
    },
  };
}
