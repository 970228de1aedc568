/**
 * Trade-log writes an earlier version of the app left waiting in its persisted query cache.
 * Before the pending-writes database, a write made offline was a paused mutation under the
 * trade-write key, its variables the request itself (`{ method, path, body, refresh }`, the path
 * under /api/v1), kept only in the query cache, which a new version drops. At start-up, before
 * this version's persister drops that cache, its paused writes are read back as contract calls
 * and recorded in the queue for the signed-in user, in the order they were made; a request this
 * version has no call for is still recorded, and shown as refused, never silently dropped.
 */
import type { CallParts } from '#api/contract/filled-path.ts';
import { TRADE_WRITE_KEY } from './keys.ts';
import { WRITE_CALLS, type WriteCallName } from './write-calls.ts';
import { writeLabel } from './write-labels.ts';
import type { TradeRefresh, TradeWrite } from './write-replay.ts';

/** A paused trade write as the earlier versions persisted it. */
interface EarlierRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
  readonly refresh?: unknown;
}

const REFRESHES: readonly TradeRefresh[] = ['lists', 'accounts', 'settings'];
export const EARLIER_WRITE_LABEL = 'A change made in an earlier version';

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;
const isEarlierRequest = (x: unknown): x is EarlierRequest =>
  isRecord(x) && typeof x.method === 'string' && typeof x.path === 'string';
const sameKey = (key: unknown) => JSON.stringify(key) === JSON.stringify(TRADE_WRITE_KEY);
/** Ids travel as numbers in this version's calls (`pendingArchive` compares them so). */
const value = (text: string): string | number => (/^\d+$/.test(text) ? Number(text) : text);

/** The contract call a filled request was made from, with its parts; null for none. */
export function callOfRequest(
  method: string,
  path: string,
  body: unknown,
): { call: WriteCallName; parts: CallParts } | null {
  const [pathname = '', search = ''] = path.split('?');
  for (const [call, entry] of Object.entries(WRITE_CALLS) as [
    WriteCallName,
    (typeof WRITE_CALLS)[WriteCallName],
  ][]) {
    if (entry.method !== method) continue;
    const names: string[] = [];
    const pattern = entry.path
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/:(\w+)/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
    const match = new RegExp(`^${pattern}$`).exec(pathname);
    if (!match) continue;
    const params = Object.fromEntries(
      names.map((name, i) => [name, value(decodeURIComponent(match[i + 1] ?? ''))]),
    );
    const query = Object.fromEntries([...new URLSearchParams(search)].map(([k, v]) => [k, value(v)]));
    return {
      call,
      parts: {
        ...(names.length > 0 ? { params } : {}),
        ...(search ? { query } : {}),
        ...(body === undefined ? {} : { body }),
      },
    };
  }
  return null;
}

/**
 * The paused trade writes of a persisted cache an earlier version wrote (another build stamp),
 * oldest first; none for this version's own cache or text that is not a persisted cache.
 */
export function earlierWrites(persisted: string, build: string): TradeWrite[] {
  let client: unknown;
  try {
    client = JSON.parse(persisted);
  } catch {
    return [];
  }
  if (!isRecord(client) || client.buster === build || !isRecord(client.clientState)) return [];
  const mutations = client.clientState.mutations;
  if (!Array.isArray(mutations)) return [];
  return mutations.flatMap((mutation: unknown): TradeWrite[] => {
    if (!isRecord(mutation) || !sameKey(mutation.mutationKey) || !isRecord(mutation.state)) return [];
    const request = mutation.state.variables;
    if (!isEarlierRequest(request) || mutation.state.status === 'success') return [];
    const refresh = REFRESHES.find((r) => r === request.refresh) ?? 'lists';
    const found = callOfRequest(request.method, request.path, request.body);
    return [
      found
        ? { ...found, refresh, label: writeLabel(found.call, found.parts) }
        : {
            call: `${request.method} ${request.path}`,
            parts: request.body === undefined ? {} : { body: request.body },
            refresh,
            label: EARLIER_WRITE_LABEL,
          },
    ];
  });
}

/** Records the earlier version's paused writes in the queue; resolves with how many. */
export async function adoptEarlierWrites(persisted: string, build: string): Promise<number> {
  const writes = earlierWrites(persisted, build);
  if (writes.length === 0) return 0;
  return (await import('#app/api/pending-writes.ts')).recordWrites(writes);
}
