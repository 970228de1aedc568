/**
 * Trade-log writes an earlier version left paused in its persisted query cache (before the
 * pending-writes database) are read back as this version's contract calls and sent: none is lost
 * to the update that drops that cache (docs/OFFLINE.md "Writes").
 */
import { dehydrate, MutationObserver, onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { UserSettings } from '#api/account.ts';
import { configureApiClient } from '#app/api/client.ts';
import {
  pendingWritesOf,
  replayPendingWrites,
  startPendingWrites,
  UNKNOWN_CALL_REASON,
} from '#app/api/pending-writes.ts';
import {
  adoptEarlierWrites,
  EARLIER_WRITE_LABEL,
  earlierWrites,
} from '#app/features/trades/earlier-writes.ts';
import { TRADE_WRITE_KEY } from '#app/features/trades/keys.ts';
import { type TradeWrite, tradeWrites } from '#app/features/trades/mutations.ts';
import { writeRequest } from '#app/features/trades/write-calls.ts';

const payload = {
  legs: [
    {
      contract: {
        kind: 'option' as const,
        underlying: 'KO',
        expiration: '2026-12-18',
        strike: 70,
        right: 'CALL' as const,
      },
      quantity: 1,
      limitPrice: 1.25,
    },
  ],
  size: 2,
  comment: 'earnings',
  clientOrderId: 'c0ffee00-1234-4abc-9def-0123456789ab',
};
const tableSettings: UserSettings['trades'] = {
  columnKeys: ['symbol', 'pl'],
  sorting: { key: 'pl', order: 'desc' },
  grouping: null,
};

/** One of every trade-log write, as this version builds them. */
const EVERY_WRITE: TradeWrite[] = [
  tradeWrites.submit(3, 'long_call', payload, null),
  tradeWrites.submit(3, 'long_call', payload, 41),
  tradeWrites.adjust(41, 3, 'long_call', payload),
  tradeWrites.archive(41, true),
  tradeWrites.archive(41, false),
  tradeWrites.saveAccount(null, 'IRA 2'),
  tradeWrites.saveAccount(7, 'Main & Co/2'),
  tradeWrites.deleteAccount(7),
  tradeWrites.tableSettings(tableSettings),
];

/**
 * A persisted cache as the earlier versions wrote it: each write a mutation under the trade-write
 * key whose variables are the request (`{ method, path, body, refresh }`), paused offline, and
 * dehydrated by the query library with that version's build stamp.
 */
async function earlierCache(requests: readonly object[], buster = 'an-earlier-build'): Promise<string> {
  const client = new QueryClient();
  client.setMutationDefaults(TRADE_WRITE_KEY, { mutationFn: async () => undefined, networkMode: 'online' });
  onlineManager.setOnline(false);
  for (const variables of requests)
    void new MutationObserver<unknown, Error, object>(client, { mutationKey: TRADE_WRITE_KEY })
      .mutate(variables)
      .catch(() => undefined);
  await vi.waitFor(() =>
    expect(
      client
        .getMutationCache()
        .getAll()
        .every((m) => m.state.isPaused),
    ).toBe(true),
  );
  onlineManager.setOnline(true);
  const clientState = dehydrate(client);
  expect(clientState.mutations).toHaveLength(requests.length);
  return JSON.stringify({ buster, timestamp: Date.now(), clientState });
}

const asEarlierRequest = (write: TradeWrite) => ({
  ...writeRequest(write.call, write.parts),
  refresh: write.refresh,
});

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("an earlier version's paused writes", () => {
  test('read back as the same calls, parts and labels this version makes, in their order', async () => {
    const text = await earlierCache(EVERY_WRITE.map(asEarlierRequest));
    expect(earlierWrites(text, 'this-build')).toEqual(EVERY_WRITE);
  });

  test("this version's own cache, a cache of this build, or text that is not a cache: nothing", async () => {
    const text = await earlierCache([asEarlierRequest(tradeWrites.archive(1, true))], 'this-build');
    expect(earlierWrites(text, 'this-build')).toEqual([]);
    expect(
      earlierWrites('{"buster":"x","clientState":{"mutations":[{"mutationKey":["screener","save"]}]}}', 'y'),
    ).toEqual([]);
    expect(earlierWrites('not json', 'this-build')).toEqual([]);
    expect(earlierWrites('null', 'this-build')).toEqual([]);
  });

  describe('recorded for the signed-in user and sent', () => {
    let sent: string[];
    beforeEach(() => {
      sent = [];
      localStorage.setItem(
        'access_token',
        `h.${btoa(JSON.stringify({ sub: 'user-9' })).replace(/=+$/, '')}.sig`,
      );
      configureApiClient({ redirect: () => undefined, currentPath: () => '/trades' });
      vi.stubGlobal(
        'fetch',
        vi.fn(async (url: string, init: RequestInit) => {
          sent.push(`${init.method} ${url.replace('/api/v1', '')}`);
          return new Response(null, { status: 204 });
        }),
      );
      startPendingWrites(
        { request: async (call, parts) => writeRequest(call, parts), sent: () => undefined },
        `earlier-writes-${Math.random()}`,
      );
    });

    test('the archive made offline before the update goes out once; a request this version lacks is shown refused', async () => {
      const text = await earlierCache([
        asEarlierRequest(tradeWrites.archive(41, true)),
        { method: 'POST', path: '/trades/41/frobnicate', refresh: 'lists' },
      ]);
      expect(await adoptEarlierWrites(text, 'this-build')).toBe(2);
      await vi.waitFor(() => expect(sent).toEqual(['POST /trades/41/archive']));
      await replayPendingWrites();
      expect(sent).toHaveLength(1);
      expect(await pendingWritesOf('user-9')).toMatchObject([
        { label: EARLIER_WRITE_LABEL, state: 'refused', reason: UNKNOWN_CALL_REASON },
      ]);
    });
  });
});
