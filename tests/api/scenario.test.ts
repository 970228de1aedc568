/**
 * The Scenario Analyzer over real HTTP: a standard run answers ten slots per strategy along the
 * frontier; every bad field is a 400 naming it; an unknown symbol, an unknown scan and another
 * user's scan are 404; a client that leaves stops the run's work; a run past the time budget
 * answers 504 with the time-out message; the expirations call gives each date's ATM IV.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ExpirationRow } from '#api/market.ts';
import type { ScenarioRunScanAnswer, ScenarioRunStandardAnswer } from '#api/scenario.ts';
import { ANALYZER_STRATEGY_SETS } from '#domain/scenario/behaviors.ts';
import type { SimulatorConfig } from '#server/market/sim-config.ts';
import { type SignedInClient, setPlan, signedIn } from '../support/auth.ts';
import { lists, saveScan } from '../support/screener.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** Always open, pinned to a Wednesday morning. */
const MARKET: SimulatorConfig = {
  seed: 7,
  universe: 'S',
  hours: 'always',
  asOfMs: Date.parse('2026-03-04T15:30:00Z'),
  symbols: ['SPY', 'AAPL', 'KO', 'QQQ'],
};

let server: TestServer;
let alice: SignedInClient;
let bob: SignedInClient;
let spot: number;
let dates: ExpirationRow[];

const post = (client: SignedInClient, path: string, body: unknown, signal?: AbortSignal) =>
  client.request(`/api/v1/scenario/${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    signal: signal ?? null,
  });
const ok = async <T>(res: Response): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
};
const bad = async (res: Response, status: number, code: string) => {
  const body = (await res.json()) as { code: string; message: string; details?: Record<string, string> };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.code).toBe(code);
  return body;
};

beforeAll(async () => {
  server = await startTestServer({ staticDir: null, market: MARKET });
  alice = await signedIn(server, 'alice-analyzer@example.com');
  bob = await signedIn(server, 'bob-analyzer@example.com');
  dates = await ok<ExpirationRow[]>(await alice.request('/api/v1/underlyings/SPY/expirations'));
  const facts = await ok<{ values: { stock_last: number } }>(
    await alice.request('/api/v1/underlyings/SPY/facts'),
  );
  spot = facts.values.stock_last;
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const inside = () => ({
  strategies: ['iron_condor', 'short_strangle', 'long_stock'],
  symbol: 'spy',
  ranges: { behavior: 'insideRange', from: Math.round(spot * 0.96), to: Math.round(spot * 1.04) },
  date: dates[4]!.date,
  bidAskLevel: 0,
  onlyBalanced: true,
  volatility: 0.2,
  drift: 0.04,
  correlationId: 'run-1',
});

describe('expirations', () => {
  test('the chain dates ahead, in order, each with its ATM IV', () => {
    expect(dates.length).toBeGreaterThan(5);
    expect(dates.map((d) => d.date)).toEqual([...dates.map((d) => d.date)].sort());
    for (const d of dates) {
      expect(d.daysToExpiry).toBeGreaterThan(0);
      expect(d.atmIv).toBeGreaterThan(0.01);
      expect(d.atmIv).toBeLessThan(3);
    }
  });

  test('an unknown symbol is 404, a malformed one 400', async () => {
    await bad(await alice.request('/api/v1/underlyings/NOPE/expirations'), 404, 'NOT_FOUND');
    await bad(await alice.request('/api/v1/underlyings/BAD1/expirations'), 400, 'VALIDATION_FAILED');
  });
});

describe('runstandard', () => {
  test('ten slots per strategy, from the highest return to the highest probability of profit', async () => {
    const answer = await ok<ScenarioRunStandardAnswer>(await post(alice, 'runstandard', inside()));
    expect(answer.correlationId).toBe('run-1');
    expect(answer.symbol).toBe('SPY');
    // The market moves while the test runs.
    expect(Math.abs(answer.distribution.spot / spot - 1)).toBeLessThan(0.05);
    expect(answer.distribution.regionProbability).toBeGreaterThan(0);
    expect(answer.results.map((r) => r.strategy)).toEqual(['iron_condor', 'short_strangle', 'long_stock']);
    for (const r of answer.results) {
      expect(r.slots).toHaveLength(10);
      expect(r.frontier).toBeGreaterThan(0);
      expect(r.candidates).toBeGreaterThanOrEqual(r.frontier);
      const [first, last] = [r.slots[0]!, r.slots[9]!];
      expect(first.return).toBeGreaterThanOrEqual(last.return);
      expect(last.probProfit).toBeGreaterThanOrEqual(first.probProfit);
      for (const t of r.slots) {
        expect(t.return).toBeCloseTo(t.expectedPl / t.risk, 12);
        expect(t.risk).toBeGreaterThan(0);
        expect(t.profileAtDate.prices).toEqual(t.profileAtExpiration.prices);
        expect(t.profileAtDate.pl).toHaveLength(t.profileAtDate.prices.length);
        expect(t.lastExpiration >= answer.date).toBe(true);
      }
    }
    const condor = answer.results[0]!.slots[0]!;
    expect(condor.legs.map((l) => [l.contract.kind === 'option' && l.contract.right, l.quantity])).toEqual([
      ['PUT', 1],
      ['PUT', -1],
      ['CALL', -1],
      ['CALL', 1],
    ]);
    // Balanced: equal wings.
    const k = condor.legs.map((l) => (l.contract.kind === 'option' ? l.contract.strike : 0));
    expect(k[1]! - k[0]!).toBeCloseTo(k[3]! - k[2]!, 9);
    const stock = answer.results[2]!.slots[0]!;
    expect(stock.legs).toEqual([
      {
        contract: { kind: 'stock', symbol: 'SPY' },
        contractId: 'SPY',
        quantity: 100,
        price: expect.any(Number),
      },
    ]);
    expect(stock.riskKind).toBe('maxLoss');
  });

  test('max risk leaves out every trade over it; unbalanced wings are offered when asked', async () => {
    const capped = await ok<ScenarioRunStandardAnswer>(
      await post(alice, 'runstandard', { ...inside(), strategies: ['iron_condor'], maxRisk: 300 }),
    );
    for (const t of capped.results[0]!.slots) expect(t.risk).toBeLessThanOrEqual(300);
    const wide = await ok<ScenarioRunStandardAnswer>(
      await post(alice, 'runstandard', { ...inside(), strategies: ['iron_condor'], onlyBalanced: false }),
    );
    const balanced = await ok<ScenarioRunStandardAnswer>(
      await post(alice, 'runstandard', { ...inside(), strategies: ['iron_condor'] }),
    );
    expect(wide.results[0]!.candidates).toBeGreaterThan(balanced.results[0]!.candidates);
  });

  test('every bad field is a 400 naming it', async () => {
    const base = inside();
    const cases: [unknown, string][] = [
      [{ ...base, strategies: [] }, 'body.strategies'],
      [{ ...base, strategies: ['long_call'] }, 'body.strategies.0'],
      [{ ...base, strategies: ['iron_condor', 'iron_condor'] }, 'body.strategies.1'],
      [{ ...base, strategies: ['moon'] }, 'body.strategies.0'],
      [{ ...base, symbol: 'BAD1' }, 'body.symbol'],
      [{ ...base, ranges: { behavior: 'insideRange', from: 500, to: 400 } }, 'body.ranges.to'],
      [{ ...base, ranges: { behavior: 'abovePrice', value: 0 } }, 'body.ranges.value'],
      [{ ...base, ranges: { behavior: 'sideways', value: 10 } }, 'body.ranges.behavior'],
      [{ ...base, ranges: { behavior: 'abovePrice', from: 1, to: 2 } }, 'body.ranges.value'],
      [{ ...base, date: '2026-02-30' }, 'body.date'],
      [{ ...base, date: '2031-01-17' }, 'body.date'],
      [{ ...base, volatility: 0 }, 'body.volatility'],
      [{ ...base, volatility: 6 }, 'body.volatility'],
      [{ ...base, drift: 1.5 }, 'body.drift'],
      [{ ...base, drift: 'x' }, 'body.drift'],
      [{ ...base, bidAskLevel: 0.25 }, 'body.bidAskLevel'],
      [{ ...base, onlyBalanced: 'yes' }, 'body.onlyBalanced'],
      [{ ...base, maxRisk: -5 }, 'body.maxRisk'],
      [{ ...base, correlationId: 'x'.repeat(101) }, 'body.correlationId'],
      [{ ...base, extra: 1 }, 'body.extra'],
      [
        {
          ...base,
          strategies: ['long_call'],
          ranges: { behavior: 'abovePrice', value: spot * 40 },
          volatility: 0.05,
        },
        'body.ranges',
      ],
    ];
    for (const [body, field] of cases) {
      const answer = await bad(await post(alice, 'runstandard', body), 400, 'VALIDATION_FAILED');
      expect(Object.keys(answer.details ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  test('every plan has the analyzer: a Beginner runs it, an ended subscription is 403', async () => {
    const beginner = await signedIn(server, 'beginner-analyzer@example.com');
    await setPlan(server, beginner.email, 1, 2);
    await ok<ScenarioRunStandardAnswer>(
      await post(beginner, 'runstandard', { ...inside(), strategies: ['long_stock'] }),
    );
    const ended = await signedIn(server, 'ended-analyzer@example.com');
    await setPlan(server, ended.email, 1, 4);
    await bad(await post(ended, 'runstandard', inside()), 403, 'SUBSCRIPTION_ENDED');
  });

  test('an unknown symbol is 404; without a token 401', async () => {
    await bad(await post(alice, 'runstandard', { ...inside(), symbol: 'NOPE' }), 404, 'NOT_FOUND');
    const res = await server.request('/api/v1/scenario/runstandard', {
      method: 'POST',
      body: JSON.stringify(inside()),
      headers: { 'content-type': 'application/json' },
    });
    await bad(res, 401, 'UNAUTHORIZED');
  });
});

describe('runscan', () => {
  const scanBody = (scanId: number) => ({
    scanId,
    symbol: 'SPY',
    date: dates[4]!.date,
    ranges: { behavior: 'abovePrice', value: Math.round(spot) },
    volatility: 0.2,
    drift: 0.04,
    bidAskLevel: 0,
  });

  test("the user's own scan: its best trade for the symbol, valued under the view", async () => {
    const scan = await saveScan(alice, {
      strategy: 'bull_put_spread',
      filters: { total_vol: { type: 'range', min: 0, max: null } },
      title: 'Puts under SPY',
    });
    const answer = await ok<ScenarioRunScanAnswer>(await post(alice, 'runscan', scanBody(scan.id)));
    expect(answer.scanId).toBe(scan.id);
    expect(answer.scanName).toBe('Puts under SPY');
    expect(answer.trade).not.toBeNull();
    const t = answer.trade!;
    expect(t.strategy).toBe('bull_put_spread');
    expect(t.legs.every((l) => l.contract.kind === 'option' && l.contract.underlying === 'SPY')).toBe(true);
    expect(t.lastExpiration >= dates[4]!.date).toBe(true);
    expect(t.return).toBeCloseTo(t.expectedPl / t.risk, 12);

    // Someone else's scan is not found, as is an unknown one.
    await bad(await post(bob, 'runscan', scanBody(scan.id)), 404, 'NOT_FOUND');
    await bad(await post(alice, 'runscan', scanBody(999_999)), 404, 'NOT_FOUND');
  });

  test('a predefined scan runs for anyone', async () => {
    const predefined = (await lists(bob)).find((l) => l.role === 2)!;
    const sample = predefined.items.find((s) => s.strategy === 'bull_put_spread') ?? predefined.items[0]!;
    const answer = await ok<ScenarioRunScanAnswer>(await post(bob, 'runscan', scanBody(sample.id)));
    expect(answer.scanId).toBe(sample.id);
    expect(answer.distribution.regionProbability).toBeGreaterThan(0);
  });

  test('bad fields are 400s naming them', async () => {
    await bad(await post(alice, 'runscan', { ...scanBody(1), scanId: 0 }), 400, 'VALIDATION_FAILED');
    const answer = await bad(
      await post(alice, 'runscan', { ...scanBody(1), date: 'soon' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(Object.keys(answer.details ?? {})).toContain('body.date');
  });
});

describe('cancellation', () => {
  /** Every range strategy with unequal wings. */
  const heavy = () => ({
    ...inside(),
    strategies: [...ANALYZER_STRATEGY_SETS.insideRange],
    onlyBalanced: false,
    correlationId: null,
  });
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };

  test('a client that leaves stops the run: the server spends no more CPU on it', async () => {
    // The heaviest run of this market (measured): QQQ's spring expiration, whose three
    // expirations each have forty strikes in the window.
    const qqq = await ok<ExpirationRow[]>(await alice.request('/api/v1/underlyings/QQQ/expirations'));
    const facts = await ok<{ values: { stock_last: number } }>(
      await alice.request('/api/v1/underlyings/QQQ/facts'),
    );
    const s = facts.values.stock_last;
    const body = {
      ...heavy(),
      symbol: 'QQQ',
      date: qqq[19]!.date,
      ranges: { behavior: 'insideRange', from: Math.round(s * 0.95), to: Math.round(s * 1.05) },
    };
    // The whole run, for its cost.
    let started = performance.now();
    let cpu = cpuMs();
    await ok<ScenarioRunStandardAnswer>(await post(alice, 'runstandard', body));
    const fullCpu = cpuMs() - cpu;
    const fullWall = performance.now() - started;
    expect(fullCpu).toBeGreaterThan(300);

    // The same run, left a fifth of the way through.
    const controller = new AbortController();
    const leaving = post(alice, 'runstandard', body, controller.signal).catch((err: unknown) => err);
    await new Promise((r) => setTimeout(r, fullWall / 5));
    controller.abort();
    expect(await leaving).toBeInstanceOf(Error);
    // The server notices at its next yield (between expiration groups): allow a group's work.
    await new Promise((r) => setTimeout(r, 150));
    started = performance.now();
    cpu = cpuMs();
    await new Promise((r) => setTimeout(r, fullWall));
    const after = cpuMs() - cpu;
    expect(performance.now() - started).toBeGreaterThanOrEqual(fullWall - 1);
    expect(after).toBeLessThan(fullCpu / 4);
  }, 60_000);
});

describe('time budget', () => {
  let slow: TestServer;
  beforeAll(async () => {
    slow = await startTestServer({ staticDir: null, market: MARKET }, { SCAN_TIME_BUDGET_MS: '1' });
  }, 60_000);
  afterAll(async () => {
    await slow?.stop();
  });

  test('a run past its time budget answers 504 with the time-out message', async () => {
    const carol = await signedIn(slow, 'carol-analyzer@example.com');
    const res = await post(carol, 'runstandard', {
      ...inside(),
      strategies: [...ANALYZER_STRATEGY_SETS.insideRange],
      onlyBalanced: false,
    });
    const body = await bad(res, 504, 'TIMEOUT');
    expect(body.message).toBe(
      'Unable to handle the request in a reasonable amount of time. Please try to change the parameters and try again.',
    );
  });
});
