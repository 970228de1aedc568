/**
 * The trades hub with the official @microsoft/signalr client against a real server: negotiate,
 * the handshake, registering trades and receiving `onTradeChange` after the market's ticks (the
 * simulator ticks every second in 'always' hours, and SPY trades in every tick), the quotes
 * subscription, argument checks and limits, and who may connect.
 */
import { HubConnectionState } from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  DIRECTION_FIELDS,
  LIVE_TRADE_FIELDS,
  type LiveQuote,
  type LiveTick,
  type LiveTradeChange,
  type LiveTradeSpec,
  type RegisterTradeResult,
  SCAN_RESULTS_REGISTRATION,
  type SubscribeQuotesResult,
} from '#api/hub.ts';
import { setPlan, signedIn, tokenFor } from '../support/auth.ts';
import { eventually, liveTrades, negotiate, officialClient } from '../support/hub.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { TEST_MARKET } from '../support/trades.ts';

let server: TestServer;
let token: string;
let trades: LiveTradeSpec[];

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: TEST_MARKET }, { HUB_MAX_TRADES: '5' });
  const alice = await signedIn(server, 'alice@example.com');
  token = alice.token;
  trades = await liveTrades(alice);
});
afterAll(async () => {
  await server?.stop();
});

describe('negotiate', () => {
  test('offers WebSockets with text frames, a public id and a secret token, never stateful reconnect', async () => {
    const res = await negotiate(server, token);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      negotiateVersion: 1,
      connectionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      connectionToken: expect.stringMatching(/^[\w-]{32}$/),
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(body.connectionToken).not.toBe(body.connectionId);
    expect(body).not.toHaveProperty('useStatefulReconnect');
  });

  test('refuses a missing or bad token (401) and an ended subscription (403)', async () => {
    expect((await negotiate(server, null)).status).toBe(401);
    expect((await negotiate(server, `${token.slice(0, -4)}AAAA`)).status).toBe(401);
    expect((await negotiate(server, 'not-a-token')).status).toBe(401);
    const ended = await tokenFor(server, 'ended@example.com');
    await setPlan(server, 'ended@example.com', 12, 4);
    expect((await negotiate(server, ended)).status).toBe(403);
  });
});

describe('the official client', () => {
  test('a bad or missing token fails start() with 401 and never connects', async () => {
    for (const bad of ['', 'garbage', `${token.slice(0, -4)}AAAA`]) {
      const hub = officialClient(server, () => bad);
      await expect(hub.start()).rejects.toThrow(/401|Unauthorized/);
      expect(hub.state).toBe(HubConnectionState.Disconnected);
    }
  });

  test('connects, registers trades and receives their changes within a second of the tick', async () => {
    const hub = officialClient(server, () => token);
    const pushes: { trades: LiveTradeChange[]; tick: LiveTick; at: number }[] = [];
    hub.on('onTradeChange', (changed: LiveTradeChange[], tick: LiveTick) => {
      pushes.push({ trades: changed, tick, at: Date.now() });
    });
    await hub.start();
    expect(hub.state).toBe(HubConnectionState.Connected);
    expect(hub.connectionId).toMatch(/^[0-9a-f-]{36}$/);

    const unlisted: LiveTradeSpec = {
      id: 'not listed',
      strategy: 'long_call',
      legs: [{ contract: 'SPY990101C1', quantity: 1 }],
    };
    const result = await hub.invoke<RegisterTradeResult>(
      'registerTrade',
      [...trades, unlisted],
      0.25,
      [{ amount: 0.05, unit: 'pct' }, null, { amount: -0.05, unit: 'pct' }],
      SCAN_RESULTS_REGISTRATION,
      null,
    );
    expect(result.registrationId).toBe('0');
    expect(result.registered).toBe(2);
    expect(result.unknown).toEqual(['not listed']);
    const [spread, covered] = result.trades;
    expect(spread?.id).toBe(trades[0]?.id);
    // Every live field, in scan-row units: the combination's quote, per-leg lists, scenario lists.
    expect(Object.keys(spread!.values).sort()).toEqual([...LIVE_TRADE_FIELDS].sort());
    const v = spread!.values;
    expect(v.bid as number).toBeLessThanOrEqual(v.mid as number);
    expect(v.mid as number).toBeLessThanOrEqual(v.ask as number);
    expect(v.leg_bid).toHaveLength(2);
    expect(v.shift_pl).toHaveLength(3);
    expect((v.shift_pl as (number | null)[])[1]).toBeNull();
    expect(spread!.legs?.map((l) => l.contract)).toEqual(trades[0]!.legs.map((l) => l.contract));
    expect(covered!.legs?.[0]).toMatchObject({ contract: 'SPY', quantity: 100, delta: 1, iv: null });

    // SPY trades every second: a push arrives, carrying only what changed, soon after its tick.
    await eventually(() => pushes.length >= 2, 'two onTradeChange pushes');
    for (const push of pushes) {
      expect(push.at - push.tick.time).toBeLessThan(1000);
      for (const t of push.trades) {
        expect(t.registrationId).toBe('0');
        expect([trades[0]!.id, trades[1]!.id]).toContain(t.id);
        for (const name of Object.keys(t.values)) expect(LIVE_TRADE_FIELDS).toContain(name);
      }
    }
    expect(pushes[1]!.tick.seq).toBeGreaterThan(pushes[0]!.tick.seq);
    await hub.stop();
  });

  test('fields narrow the values to those shown plus the direction fields; re-registering replaces', async () => {
    const hub = officialClient(server, () => token);
    const pushes: LiveTradeChange[][] = [];
    hub.on('onTradeChange', (changed: LiveTradeChange[]) => {
      pushes.push(changed);
    });
    await hub.start();
    const first = await hub.invoke<RegisterTradeResult>('registerTrade', trades, 0, [], 'log', [
      'prob_profit',
    ]);
    expect(Object.keys(first.trades[0]!.values).sort()).toEqual([...DIRECTION_FIELDS, 'prob_profit'].sort());
    const second = await hub.invoke<RegisterTradeResult>('registerTrade', trades.slice(1), 0, [], 'log', [
      'delta',
    ]);
    expect(second.registered).toBe(1);
    pushes.length = 0;
    await eventually(() => pushes.length >= 1, 'a push after re-registering');
    for (const t of pushes.flat()) {
      expect(t.id).toBe(trades[1]!.id);
      for (const name of Object.keys(t.values)) expect([...DIRECTION_FIELDS, 'delta']).toContain(name);
    }
    await hub.invoke('unregisterTrade', 'log');
    await hub.stop();
  });

  test('quotes: underlying last and change, option bid, ask and mid, then pushes', async () => {
    const hub = officialClient(server, () => token);
    const pushes: LiveQuote[][] = [];
    hub.on('onQuotes', (quotes: LiveQuote[]) => {
      pushes.push(quotes);
    });
    await hub.start();
    const option = trades[0]!.legs[0]!.contract;
    const result = await hub.invoke<SubscribeQuotesResult>('subscribeQuotes', ['SPY', option, 'NOPE']);
    expect(result.unknown).toEqual(['NOPE']);
    const [spy, call] = result.quotes;
    expect(spy).toMatchObject({ id: 'SPY', kind: 'stock', iv: null });
    expect(spy!.last).toBeGreaterThan(0);
    expect(typeof spy!.changePercent).toBe('number');
    expect(call).toMatchObject({ id: option, kind: 'option' });
    expect(call!.bid).toBeLessThanOrEqual(call!.mid);
    expect(call!.mid).toBeLessThanOrEqual(call!.ask);
    await eventually(() => pushes.some((q) => q.some((x) => x.id === 'SPY')), 'an SPY quote push');
    await hub.stop();
  });

  test('arguments are checked and the trade limit holds; the connection stays usable', async () => {
    const hub = officialClient(server, () => token);
    await hub.start();
    await expect(hub.invoke('registerTrade', trades, 2, [], '0')).rejects.toThrow(
      /Invalid arguments for 'registerTrade'/,
    );
    await expect(hub.invoke('registerTrade', 'no', 0, [], '0')).rejects.toThrow(/Invalid arguments/);
    await expect(hub.invoke('nope')).rejects.toThrow(/Unknown hub method 'nope'/);
    const six = Array.from({ length: 6 }, (_, i) => ({ ...trades[0]!, id: `t${i}` }));
    await expect(hub.invoke('registerTrade', six, 0, [], '0')).rejects.toThrow(/At most 5 trades/);
    const ok = await hub.invoke<RegisterTradeResult>('registerTrade', six.slice(0, 5), 0, [], '0');
    expect(ok.registered).toBe(5);
    // The limit counts every registration of the connection.
    await expect(hub.invoke('registerTrade', trades.slice(0, 1), 0, [], '1')).rejects.toThrow(/At most 5/);
    expect(hub.state).toBe(HubConnectionState.Connected);
    await hub.stop();
  });
});
