/**
 * Writes that are never lost: each is recorded in the pending-writes database
 * (`pending-writes-store.ts`) before it is sent, and removed only once the server has answered
 * it. The queue replays a user's writes in the order they were made, each with its own
 * client-generated id in the `Idempotency-Key` header, so a write whose answer was lost is
 * answered again, not done twice.
 *
 * What an answer does to a write:
 * - success: removed; the feature refreshes what it changed;
 * - 401: the write and those after it wait, marked 'waiting for sign-in', until a token comes
 *   back (the app goes to sign-in as for any 401); then they are sent;
 * - another 4xx than 408/429, the server's refusal for good: kept, with the server's reason,
 *   until the user dismisses it (a write the screen sent while online and still shows is
 *   instead handed back to that screen, which shows its reason by its fields);
 * - no network, 408, 429, 5xx: tried again with backoff (1 s doubling to a minute).
 *
 * One tab replays at a time: the queue runs under a Web Lock, and re-reads the store inside it,
 * so a write another tab already sent is gone. Tabs tell each other what changed over a
 * BroadcastChannel.
 */
import { onlineManager } from '@tanstack/react-query';
import type { CallParts } from '#api/contract/filled-path.ts';
import { jwtPayload } from '../auth/jwt-payload.ts';
import { storedToken } from '../auth/token.ts';
import { type ApiRequest, ApiRequestError, apiRequest } from './client.ts';
import { publishPendingWrites } from './pending-writes-snapshot.ts';
import {
  openPendingWritesStore,
  type PendingWrite,
  type PendingWritesStore,
  RECORD_VERSION,
} from './pending-writes-store.ts';

export type { PendingWrite };

/** A write as a feature describes it: the contract call, its parts, and how to show it. */
export interface WriteCall {
  readonly call: string;
  readonly parts: CallParts;
  readonly refresh: string;
  readonly label: string;
}

export interface PendingWritesConfig {
  /** The request of a recorded call, or null when this build no longer has the call. */
  request(call: string, parts: CallParts): Promise<ApiRequest | null>;
  /** After the server answered a write (in whichever tab sent it). */
  sent(write: PendingWrite, answer: unknown): void;
}

const LOCK_NAME = 'optionscout-pending-writes';
const MAX_BACKOFF_MS = 60_000;
export const UNKNOWN_CALL_REASON =
  'This change was made in a version of OptionScout that no longer has it, so it cannot be sent.';

let config: PendingWritesConfig | null = null;
let storePromise: Promise<PendingWritesStore> | null = null;
let channel: BroadcastChannel | null = null;
let seqTail = 0;
/** The screens waiting for the answers of writes they made online, by write id. */
const waiters = new Map<string, { resolve(answer: unknown): void; reject(error: unknown): void }>();
let running: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
/** The token the server last refused: writes waiting for sign-in wait until it changes. */
let refusedToken: string | null = null;
let stopListening = (): void => undefined;

type TabMessage = { kind: 'changed' } | { kind: 'sent'; write: PendingWrite; answer: unknown };

/** The signed-in user's id (the token's subject), or null. */
export function currentUser(): string | null {
  const token = storedToken();
  const sub = token ? jwtPayload(token)?.sub : null;
  return typeof sub === 'string' && sub ? sub : null;
}

/**
 * Starts the queue: what to send and what to refresh after, then a first replay. Called once at
 * start-up; `dbName` lets tests use their own database.
 */
export function startPendingWrites(next: PendingWritesConfig, dbName?: string): void {
  config = next;
  storePromise = openPendingWritesStore(dbName);
  channel?.close();
  channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(LOCK_NAME) : null;
  channel?.addEventListener('message', (event: MessageEvent<TabMessage>) => {
    if (event.data.kind === 'sent') afterSent(event.data.write, event.data.answer);
    void refreshSnapshot();
  });
  stopListening();
  const stopOnline = onlineManager.subscribe((online) => {
    if (online) void replayPendingWrites();
  });
  // A sign-in in another tab stores a new token: writes waiting for it can go.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === 'access_token') void replayPendingWrites();
  };
  window.addEventListener('storage', onStorage);
  stopListening = () => {
    stopOnline();
    window.removeEventListener('storage', onStorage);
  };
  void replayPendingWrites();
}

/**
 * Records a write and sends it as soon as it can. Online it resolves with the server's answer,
 * or rejects with its refusal, for the screen that made it. Offline it resolves once the write
 * is recorded (a reload or a new version still sends it); the screens show it as pending.
 */
export async function sendWrite(write: WriteCall): Promise<unknown> {
  const user = currentUser();
  // Signed out there is no one to keep it for, and a browser may refuse IndexedDB (some private
  // modes): then it is sent as any call, and fails as one (its 401 goes to sign-in).
  const store = user ? await requireStore().catch(() => null) : null;
  if (!user || !store) {
    const request = await config?.request(write.call, write.parts);
    if (!request) throw new Error(`unknown write ${write.call}`);
    return apiRequest(request);
  }
  const record = newRecord(write, user);
  await store.put(record);
  if (!onlineManager.isOnline()) {
    // Recorded is done, as far as the screen goes: it shows the write as pending meanwhile.
    changed();
    return undefined;
  }
  const answer = new Promise<unknown>((resolve, reject) => waiters.set(record.id, { resolve, reject }));
  changed();
  void replayPendingWrites();
  return answer;
}

/**
 * Records writes an earlier version of the app left elsewhere (paused in its query cache) for the
 * signed-in user, in their order, and sends them as any other. Resolves with how many were
 * recorded: none when no one is signed in or the device refuses IndexedDB.
 */
export async function recordWrites(writes: readonly WriteCall[]): Promise<number> {
  const user = currentUser();
  const store = user ? await requireStore().catch(() => null) : null;
  if (!user || !store || writes.length === 0) return 0;
  for (const write of writes) await store.put(newRecord(write, user));
  changed();
  void replayPendingWrites();
  return writes.length;
}

function newRecord(write: WriteCall, user: string): PendingWrite {
  seqTail = Math.max(Date.now(), seqTail + 1);
  return {
    recordVersion: RECORD_VERSION,
    id: crypto.randomUUID(),
    user,
    seq: seqTail,
    ...write,
    state: 'queued',
    reason: null,
    attempts: 0,
  };
}

/** Sends what is queued for the signed-in user, in order; one run at a time per tab and per device. */
export function replayPendingWrites(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await underLock(sendQueued);
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function underLock(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks) await locks.request(LOCK_NAME, work);
  else await work();
}

async function sendQueued(): Promise<void> {
  const user = currentUser();
  const store = await requireStore().catch(() => null);
  if (!user || !config || !store || !onlineManager.isOnline()) return refreshSnapshot();
  for (const write of await store.list(user)) {
    if (write.state === 'refused') continue;
    // Waiting for sign-in: sent again once the token is a new one (or after a reload).
    if (write.state === 'waitingSignIn' && storedToken() === refusedToken) break;
    const outcome = await sendOne(store, write);
    if (outcome === 'stop') break;
  }
  await refreshSnapshot();
}

async function sendOne(store: PendingWritesStore, write: PendingWrite): Promise<'next' | 'stop'> {
  const request = await config?.request(write.call, write.parts);
  if (!request) {
    await refuse(store, write, UNKNOWN_CALL_REASON);
    return 'next';
  }
  try {
    const answer = await apiRequest({ ...request, idempotencyKey: write.id });
    await store.remove(write.id);
    afterSent(write, answer);
    channel?.postMessage({ kind: 'sent', write, answer } satisfies TabMessage);
    return 'next';
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) {
      refusedToken = storedToken();
      // This write and every later one wait: sent out of order, a later one could depend on it.
      for (const w of await store.list(write.user))
        if (w.state === 'queued' && w.seq >= write.seq) await store.put({ ...w, state: 'waitingSignIn' });
      return 'stop';
    }
    if (error instanceof ApiRequestError && isRefusal(error.status)) {
      const waiter = waiters.get(write.id);
      if (write.attempts === 0 && waiter) {
        // Made online and refused at once: the screen that made it shows the reason by its fields.
        await store.remove(write.id);
        waiters.delete(write.id);
        waiter.reject(error);
      } else await refuse(store, write, error.message);
      return 'next';
    }
    const attempts = write.attempts + 1;
    await store.put({ ...write, state: 'queued', attempts });
    scheduleRetry(Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (attempts - 1)));
    return 'stop';
  }
}

/** The server's refusals for good: a 4xx other than 401 (sign-in), 408 and 429 (try later). */
const isRefusal = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function refuse(store: PendingWritesStore, write: PendingWrite, reason: string): Promise<void> {
  await store.put({ ...write, state: 'refused', reason });
  const waiter = waiters.get(write.id);
  waiters.delete(write.id);
  // The record shows it (the pending-writes panel): the screen's own promise just ends.
  waiter?.resolve(undefined);
}

function afterSent(write: PendingWrite, answer: unknown): void {
  config?.sent(write, answer);
  waiters.get(write.id)?.resolve(answer);
  waiters.delete(write.id);
}

function scheduleRetry(delayMs: number): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void replayPendingWrites();
  }, delayMs);
}

function requireStore(): Promise<PendingWritesStore> {
  storePromise ??= openPendingWritesStore();
  return storePromise;
}

function changed(): void {
  channel?.postMessage({ kind: 'changed' } satisfies TabMessage);
  void refreshSnapshot();
}

async function refreshSnapshot(): Promise<void> {
  const user = currentUser();
  const store = user ? await requireStore().catch(() => null) : null;
  publishPendingWrites(user && store ? await store.list(user) : []);
}

/** Forgets a refused write once the user has read why. */
export async function dismissPendingWrite(id: string): Promise<void> {
  await (await requireStore()).remove(id);
  changed();
}

/** The user's writes not yet answered (the sign-out asks before wiping: they would be lost). */
export async function pendingWritesOf(user: string): Promise<PendingWrite[]> {
  return (await requireStore()).list(user);
}

/**
 * The sign-out's step (docs/OFFLINE.md "Sign out"): online, what is pending is sent first; what is
 * left (offline, waiting for sign-in, refused) is dropped only when `confirmDrop(count)` agrees,
 * else the user stays signed in with the writes kept.
 */
export async function settleBeforeSignOut(confirmDrop: (count: number) => boolean): Promise<boolean> {
  const user = currentUser();
  if (!user || !storePromise) return true;
  if (onlineManager.isOnline()) await replayPendingWrites().catch(() => undefined);
  const left = await pendingWritesOf(user).catch(() => []);
  if (left.length === 0) return true;
  if (!confirmDrop(left.length)) return false;
  await dropPendingWrites(user);
  return true;
}

/** Drops every write of the user (sign-out): none may later go out under another user's token. */
export async function dropPendingWrites(user: string): Promise<void> {
  await (await requireStore()).removeUser(user);
  changed();
}
