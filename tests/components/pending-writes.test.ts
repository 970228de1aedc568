/**
 * The pending-writes queue over IndexedDB (fake-indexeddb): writes go out in order, once each,
 * with their own idempotency keys; a 401 makes them wait for sign-in; a refusal for good is
 * kept with the server's reason until dismissed; network failures are tried again; records of
 * a version this build does not know are left alone.
 */
import { onlineManager } from '@tanstack/react-query';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { configureApiClient } from '#app/api/client.ts';
import {
  dismissPendingWrite,
  dropPendingWrites,
  pendingWritesOf,
  replayPendingWrites,
  sendWrite,
  settleBeforeSignOut,
  startPendingWrites,
  type WriteCall,
} from '#app/api/pending-writes.ts';
import { RECORD_VERSION } from '#app/api/pending-writes-store.ts';

let n = 0;
const tokenOf = (sub: string, tag = '') => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.sig${tag}`;
const signIn = (sub: string, tag = '') => localStorage.setItem('access_token', tokenOf(sub, tag));

interface Sent {
  path: string;
  key: string | null;
  auth: string | null;
}
let sent: Sent[];
let answers: ((path: string) => Response)[];
let refreshed: string[];
let dbName: string;

const write = (id: number): WriteCall => ({
  call: 'trades.archive',
  parts: { params: { id } },
  refresh: 'lists',
  label: `Archive ${id}`,
});

beforeEach(() => {
  dbName = `writes-test-${++n}`;
  sent = [];
  answers = [];
  refreshed = [];
  signIn('user-1');
  configureApiClient({ redirect: () => undefined, currentPath: () => '/trades' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = new Headers(init.headers);
      const path = url.replace('/api/v1', '');
      sent.push({ path, key: headers.get('idempotency-key'), auth: headers.get('authorization') });
      return answers.shift()?.(path) ?? new Response(null, { status: 204 });
    }),
  );
  startPendingWrites(
    {
      request: async (call, parts) =>
        call === 'trades.archive'
          ? { method: 'POST', path: `/trades/${String((parts.params as { id: number }).id)}/archive` }
          : null,
      sent: (w) => refreshed.push(w.label),
    },
    dbName,
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
  localStorage.clear();
});

/** Writes made offline: recorded, not sent. */
async function offlineWrites(...ids: number[]) {
  onlineManager.setOnline(false);
  for (const id of ids) void sendWrite(write(id));
  await vi.waitFor(async () => expect(await pendingWritesOf('user-1')).toHaveLength(ids.length));
  expect(sent).toHaveLength(0);
}

const refusal = (status: number, code: string, message: string) => () =>
  Response.json({ code, message }, { status });

describe('the pending-writes queue', () => {
  test('writes made offline go out in order once online, each once, each with its own key', async () => {
    await offlineWrites(1, 2, 3);
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    await replayPendingWrites();
    expect(sent.map((s) => s.path)).toEqual(['/trades/1/archive', '/trades/2/archive', '/trades/3/archive']);
    expect(new Set(sent.map((s) => s.key)).size).toBe(3);
    expect(sent.every((s) => /^[0-9a-f-]{36}$/.test(s.key ?? ''))).toBe(true);
    expect(await pendingWritesOf('user-1')).toEqual([]);
    expect(refreshed).toEqual(['Archive 1', 'Archive 2', 'Archive 3']);
    // Replaying again sends nothing: each write was removed once answered.
    await replayPendingWrites();
    expect(sent).toHaveLength(3);
  });

  test('a 401 keeps the write and those after it waiting for sign-in, then sends them', async () => {
    await offlineWrites(1, 2);
    answers.push(refusal(401, 'UNAUTHENTICATED', 'Sign in again.'));
    onlineManager.setOnline(true);
    await vi.waitFor(async () =>
      expect((await pendingWritesOf('user-1')).map((w) => w.state)).toEqual([
        'waitingSignIn',
        'waitingSignIn',
      ]),
    );
    // Another run with the same token (the network came back again) does not send them.
    await replayPendingWrites();
    expect(sent).toHaveLength(1);
    signIn('user-1', 'renewed');
    await replayPendingWrites();
    expect(sent.map((s) => s.path)).toEqual(['/trades/1/archive', '/trades/1/archive', '/trades/2/archive']);
    expect(sent[1]?.key).toBe(sent[0]?.key);
    expect(sent[1]?.auth).toBe(`Bearer ${tokenOf('user-1', 'renewed')}`);
    expect(await pendingWritesOf('user-1')).toEqual([]);
  });

  test('a refusal for good is kept with the server reason until dismissed; later writes still go', async () => {
    await offlineWrites(1, 2);
    answers.push(refusal(404, 'NOT_FOUND', 'The trade is no longer in your log.'));
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    await replayPendingWrites();
    const kept = await pendingWritesOf('user-1');
    expect(kept).toMatchObject([
      { label: 'Archive 1', state: 'refused', reason: 'The trade is no longer in your log.' },
    ]);
    await replayPendingWrites();
    expect(sent).toHaveLength(2);
    await dismissPendingWrite(kept[0]?.id ?? '');
    expect(await pendingWritesOf('user-1')).toEqual([]);
  });

  test('a write refused at once, online, goes back to the screen that made it and is not kept', async () => {
    answers.push(refusal(422, 'VALIDATION_FAILED', 'The size must be at least 1.'));
    await expect(sendWrite(write(1))).rejects.toThrow('The size must be at least 1.');
    expect(await pendingWritesOf('user-1')).toEqual([]);
  });

  test.each([503, 429, 408])('after a %i the write stays queued and is tried again', async (status) => {
    answers.push(refusal(status, 'INTERNAL', 'down'));
    const answer = sendWrite(write(1));
    await vi.waitFor(async () => expect((await pendingWritesOf('user-1'))[0]?.attempts).toBe(1));
    expect((await pendingWritesOf('user-1'))[0]?.state).toBe('queued');
    await replayPendingWrites();
    await answer;
    expect(sent.map((s) => s.key)).toEqual([sent[0]?.key, sent[0]?.key]);
    expect(await pendingWritesOf('user-1')).toEqual([]);
  });

  test("one user's writes never go out under another user's token; sign-out drops them", async () => {
    await offlineWrites(1);
    signIn('user-2');
    onlineManager.setOnline(true);
    await replayPendingWrites();
    expect(sent).toHaveLength(0);
    expect(await pendingWritesOf('user-1')).toHaveLength(1);
    await dropPendingWrites('user-1');
    expect(await pendingWritesOf('user-1')).toEqual([]);
  });

  test('before sign-out: online, pending writes are sent first and nothing is asked', async () => {
    await offlineWrites(1, 2);
    onlineManager.setOnline(true);
    const ask = vi.fn(() => false);
    expect(await settleBeforeSignOut(ask)).toBe(true);
    expect(sent.map((s) => s.path)).toEqual(['/trades/1/archive', '/trades/2/archive']);
    expect(ask).not.toHaveBeenCalled();
  });

  test('before sign-out: offline, the user decides whether the unsent writes are dropped', async () => {
    await offlineWrites(1, 2);
    const keep = vi.fn(() => false);
    expect(await settleBeforeSignOut(keep)).toBe(false);
    expect(keep).toHaveBeenCalledWith(2);
    expect(await pendingWritesOf('user-1')).toHaveLength(2);
    expect(await settleBeforeSignOut(() => true)).toBe(true);
    expect(await pendingWritesOf('user-1')).toEqual([]);
    expect(sent).toHaveLength(0);
  });

  test('a record of a version this build does not know is left alone, unsent', async () => {
    await offlineWrites(1);
    const db = await openDB(dbName);
    await db.put('writes', { recordVersion: RECORD_VERSION + 1, id: 'newer', user: 'user-1', seq: 0 });
    db.close();
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    await replayPendingWrites();
    const db2 = await openDB(dbName);
    expect(await db2.get('writes', 'newer')).toMatchObject({ recordVersion: RECORD_VERSION + 1 });
    db2.close();
  });

  test('where the browser refuses IndexedDB, a write is sent as any call', async () => {
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('refused', 'InvalidStateError');
      },
    });
    startPendingWrites({
      request: async () => ({ method: 'POST', path: '/trades/5/archive' }),
      sent: () => {},
    });
    await sendWrite(write(5));
    expect(sent.map((s) => [s.path, s.key])).toEqual([['/trades/5/archive', null]]);
  });
});
