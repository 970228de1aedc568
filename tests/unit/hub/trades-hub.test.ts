/**
 * The trades hub on a small simulated market whose clock the test moves, so every tick is
 * deterministic: registrations, pushes of only what changed (which add up to the market's values),
 * one frame per connection per tick, entries shared across connections, the time budget, series
 * rolling off, and watching the market only while something is registered.
 */
import { afterEach, describe, expect, test } from 'vitest';
import {
  type LiveTick,
  type LiveTradeChange,
  type LiveTradeSpec,
  type LiveValue,
  type RegisterTradeResult,
  type SubscribeQuotesResult,
  TRADES_HUB_EVENTS,
} from '#api/hub.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import { DEFAULT_HUB_CONFIG, type HubConfig } from '#server/hub/hub-config.ts';
import { HubConnection, type HubSocket } from '#server/hub/hub-connection.ts';
import { RECORD_SEPARATOR as RS } from '#server/hub/hub-protocol.ts';
import { TradesHub } from '#server/hub/trades-hub.ts';
import type { SimulatedMarket } from '#server/market/simulator.ts';
import { legSmiles, pricingEnv, underlyingState } from '#server/trades/market-legs.ts';
import type { SignedInUser } from '#server/users/users.ts';
import { type TestMarket, testMarket } from '../market/market-fixture.ts';

type Handler = (...args: never[]) => void;

/** A WebSocket that records what the server sends. */
class FakeSocket implements HubSocket {
  readyState = 1;
  bufferedAmount = 0;
  readonly sent: string[] = [];
  readonly #handlers = new Map<string, Handler>();
  send(data: string): void {
    this.sent.push(data);
  }
  close(): void {
    this.readyState = 3;
    (this.#handlers.get('close') as (() => void) | undefined)?.();
  }
  terminate(): void {
    this.close();
  }
  on(event: string, listener: Handler): unknown {
    this.#handlers.set(event, listener);
    return this;
  }
  receive(...messages: object[]): void {
    const text = messages.map((m) => JSON.stringify(m) + RS).join('');
    (this.#handlers.get('message') as (d: Buffer, b: boolean) => void)(Buffer.from(text), false);
  }
  /** Messages of every frame sent since the last call, frame by frame. */
  take(): Record<string, unknown>[][] {
    return this.sent.splice(0).map((frame) =>
      frame
        .split(RS)
        .filter(Boolean)
        .map((m) => JSON.parse(m) as Record<string, unknown>),
    );
  }
}

const user = { id: 1 } as SignedInUser;
const noLog = { warn: () => undefined, error: () => undefined };

let fixture: TestMarket;
let market: SimulatedMarket;
let hub: TradesHub;
afterEach(() => {
  hub?.close();
  market?.close();
});

function setUp(config: Partial<HubConfig> = {}): void {
  fixture = testMarket({ hours: 'always', symbols: ['SPY', 'AAPL', 'KO'] });
  market = fixture.market;
  hub = new TradesHub({ market, config: { ...DEFAULT_HUB_CONFIG, ...config } });
}

function connect(): FakeSocket {
  const socket = new FakeSocket();
  new HubConnection(socket, {
    connectionId: `c${Math.random()}`,
    user,
    maxMessageBytes: 1e6,
    maxBufferedBytes: 1e9,
    handlers: hub,
    log: noLog,
    now: Date.now,
  });
  socket.receive({ protocol: 'json', version: 1 });
  socket.take();
  return socket;
}

let nextId = 0;
function call<T>(socket: FakeSocket, target: string, ...args: unknown[]): T {
  const invocationId = String(++nextId);
  socket.receive({ type: 1, invocationId, target, arguments: args });
  const answer = socket
    .take()
    .flat()
    .find((m) => m.invocationId === invocationId);
  if (!answer) throw new Error('no completion');
  if (answer.error) throw new Error(String(answer.error));
  return answer.result as T;
}

/** The clock moves a second, the market ticks, the hub's pass runs. */
async function tick(ms = 1000): Promise<void> {
  fixture.step(ms);
  market.advance();
  await new Promise((r) => setImmediate(r));
}

/** Calls near the money on SPY's first expiration at least `days` out. */
function spySpread(days = 20): LiveTradeSpec {
  const chain = market.optionChain('SPY')!;
  const exp = chain.expirations.find((e) => e.daysToExpiry >= days)!.date;
  const calls = chain.options.filter((o) => o.contract.expiration === exp && o.contract.right === 'CALL');
  const i = calls.findIndex((o) => o.contract.strike >= chain.spot);
  const [near, far] = [calls[i]!, calls[i + 2]!];
  return {
    id: `${near.id} ${far.id}`,
    strategy: 'bull_call_spread',
    legs: [
      { contract: near.id, quantity: 1 },
      { contract: far.id, quantity: -1 },
    ],
  };
}

describe('trades hub', () => {
  test('pushes only changed values, and they add up to the market now', async () => {
    setUp();
    const socket = connect();
    const spread = spySpread();
    const reg = call<RegisterTradeResult>(socket, 'registerTrade', [spread], 0, [], '0', null);
    const values: Record<string, LiveValue> = { ...reg.trades[0]!.values };
    let sawPartial = false;
    for (let i = 0; i < 5; i++) {
      await tick();
      const frames = socket.take();
      expect(frames.length).toBeLessThanOrEqual(1);
      for (const msg of frames.flat()) {
        expect(msg).toMatchObject({ type: 1, target: TRADES_HUB_EVENTS.onTradeChange });
        expect(msg).not.toHaveProperty('invocationId');
        const [changes, t] = msg.arguments as [LiveTradeChange[], LiveTick];
        expect(t.time).toBe(market.now());
        for (const c of changes) {
          if (Object.keys(c.values).length < Object.keys(values).length) sawPartial = true;
          Object.assign(values, c.values);
        }
      }
    }
    expect(sawPartial).toBe(true);
    // Independently: the provider's quotes and the trade log's inputs (and smiles) for the same instant.
    const [near, far] = spread.legs.map((l) => {
      const o = market.optionChain('SPY')!.options.find((x) => x.id === l.contract)!;
      return o;
    });
    expect(values.stock_last).toBe(market.quote('SPY')!.last);
    expect(values.stock_change).toBeCloseTo(market.quote('SPY')!.changePercent, 5);
    expect(values.bid).toBeCloseTo(near!.bid - far!.ask, 10);
    expect(values.ask).toBeCloseTo(near!.ask - far!.bid, 10);
    const legs = [near!, far!].map((o, i) => ({
      contract: o.contract,
      quantity: i ? -1 : 1,
      bid: o.bid,
      ask: o.ask,
      iv: o.iv,
    }));
    const underlying = underlyingState(market, 'SPY')!;
    const m = tradeMetrics({
      strategy: 'bull_call_spread',
      legs,
      underlying,
      env: pricingEnv(market),
      bidAskLevel: 0,
      smiles: legSmiles(market, legs, underlying, 'smile'),
    });
    // Pushed values are kept to 1e-5.
    expect(values.prob_profit).toBeCloseTo(m.prob_profit, 5);
    expect(values.max_profit).toBeCloseTo(m.max_profit!, 5);
    expect(values.breakeven).toHaveLength(m.breakevens.length);
    expect((values.breakeven as number[])[0]).toBeCloseTo(m.breakevens[0]!, 5);
  });

  test('no tick, no push; one frame per connection per tick with trades and quotes together', async () => {
    setUp();
    const a = connect();
    const b = connect();
    const spread = spySpread();
    call(a, 'registerTrade', [spread], 0, [], '0', null);
    call(a, 'subscribeQuotes', ['SPY', spread.legs[0]!.contract]);
    call(b, 'registerTrade', [spread], 0, [], '0', null);
    await new Promise((r) => setImmediate(r));
    expect(a.take()).toEqual([]);
    await tick();
    const frames = a.take();
    expect(frames).toHaveLength(1);
    expect(frames[0]!.map((m) => m.target)).toEqual(['onTradeChange', 'onQuotes']);
    expect(b.take()).toHaveLength(1);
    // Same trade, settings and fields on two connections: one entry, calculated once.
    expect(hub.stats.trades).toBe(1);
  });

  test('registrations are replaced, counted per connection and released on disconnect', async () => {
    setUp({ maxTrades: 3 });
    const a = connect();
    const spread = spySpread();
    const other = spySpread(40);
    expect(call<RegisterTradeResult>(a, 'registerTrade', [spread, other], 0, [], '0').registered).toBe(2);
    expect(() => call(a, 'registerTrade', [spread, other], 0, [], '1')).toThrow(/At most 3 trades/);
    call(a, 'registerTrade', [other], 0.5, [{ amount: 0.1, unit: 'pct' }], '0');
    // The old entries went, the new one (another level and scenario) came.
    expect(hub.stats.trades).toBe(1);
    const q = call<SubscribeQuotesResult>(a, 'subscribeQuotes', ['KO', 'KO', 'ZZZZ']);
    expect(q.quotes.map((x) => x.id)).toEqual(['KO']);
    expect(q.unknown).toEqual(['ZZZZ']);
    expect(hub.stats.watching).toBe(true);
    a.close();
    expect(hub.stats).toEqual({ clients: 0, trades: 0, backlog: 0, quotes: 0, watching: false });
  });

  test('past its time budget a pass leaves the rest to the next tick, first in line; one frame per tick', async () => {
    setUp({ tickBudgetMs: 0 });
    const a = connect();
    const spread = spySpread();
    // Five different scenarios: five distinct entries.
    for (let i = 1; i <= 5; i++)
      call(a, 'registerTrade', [spread], 0, [{ amount: i / 100, unit: 'pct' }], `r${i}`);
    expect(hub.stats.trades).toBe(5);
    const delivered: string[] = [];
    for (let t = 0; t < 5 && delivered.length < 5; t++) {
      await tick();
      const frames = a.take();
      expect(frames.length).toBeLessThanOrEqual(1);
      for (const m of frames.flat())
        delivered.push(...(m.arguments as [LiveTradeChange[]])[0].map((c) => c.registrationId));
    }
    // A zero budget recalculates one entry per pass (a few when the clock hardly moves): the
    // rest wait, and the ones that waited go first next time, so all five arrive.
    expect(new Set(delivered)).toEqual(new Set(['r1', 'r2', 'r3', 'r4', 'r5']));
  });

  test('when a leg rolls off at expiry its trade stops; the others go on', async () => {
    setUp();
    const a = connect();
    const chain = market.optionChain('SPY')!;
    const today = chain.expirations[0]!;
    expect(today.daysToExpiry).toBeLessThan(1);
    const call0 = chain.options.find(
      (o) => o.contract.expiration === today.date && o.contract.strike >= chain.spot,
    )!;
    const expiring: LiveTradeSpec = {
      id: 'expiring',
      strategy: 'long_call',
      legs: [{ contract: call0.id, quantity: 1 }],
    };
    const lasting = spySpread();
    call(a, 'registerTrade', [expiring, lasting], 0, [], '0');
    // To 16:00:01 New York: the day's series roll off.
    await tick(Date.parse('2026-03-04T21:00:01Z') - market.now());
    a.take();
    expect(market.optionQuote(call0.contract)).toBeUndefined();
    await tick();
    const ids = a
      .take()
      .flatMap((f) => f.flatMap((m) => (m.arguments as [LiveTradeChange[]])[0].map((c) => c.id)));
    expect(ids).toEqual([lasting.id]);
    // Registering it again: the market no longer lists it.
    const again = call<RegisterTradeResult>(a, 'registerTrade', [expiring], 0, [], '9');
    expect(again.unknown).toEqual(['expiring']);
  });
});
