/**
 * "Show the math" over HTTP (`POST /trades/trade/explain`): the explanation of an order's legs
 * at the limits ends in the numbers the order editor's calculation shows for the same legs; at the
 * market each leg fills at its bid/ask level; bad input is a 4xx with a code.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { OptionChainRow } from '#api/market.ts';
import type { TradeCalculation } from '#api/trades.ts';
import type { TradeExplanation } from '#domain/metrics/explain.ts';
import { type SignedInClient, signedIn } from '../support/auth.ts';
import { fileServer } from '../support/test-server.ts';
import { ironCondor, json, lastPrice, optionChain, startTradeServer } from '../support/trades.ts';

let alice: SignedInClient;
let spyChain: OptionChainRow[];
let spy: number;

const api = fileServer(startTradeServer);
beforeAll(async () => {
  alice = await signedIn(api.server, 'alice-explain@example.com');
  spyChain = await optionChain(alice, 'SPY');
  spy = await lastPrice(alice, 'SPY');
});

const post = (path: string, body: unknown) =>
  alice.request(`/api/v1${path}`, { method: 'POST', body: JSON.stringify(body) });
const stepValue = (e: TradeExplanation, key: string) =>
  e.sections.flatMap((s) => s.steps).find((s) => s.key === key)?.value;

describe('show the math (POST /trades/trade/explain)', () => {
  test("at the limits it ends in the order editor's numbers", async () => {
    const legs = ironCondor(spyChain, spy);
    const calc = await json<TradeCalculation>(
      await post('/trades/trade', { strategy: 'iron_condor', legs, size: 1 }),
    );
    const res = await post('/trades/trade/explain', { strategy: 'iron_condor', legs, fill: 'limit' });
    expect(res.status).toBe(200);
    const e = await json<TradeExplanation>(res);
    expect(e.symbol).toBe('SPY');
    expect(e.legs.map((l) => l.fill)).toEqual(legs.map((l) => l.limitPrice));
    for (const key of ['cost', 'max_profit', 'max_loss', 'margin'] as const) {
      expect([key, stepValue(e, key)]).toEqual([key, calc.madeTrade[key]]);
    }
    // The market may tick between the two calls: a tick moves the smile, and the probability by
    // up to about 1e-4 (measured 5–9e-5), so agreement is asked to 5e-4.
    expect(stepValue(e, 'prob_profit')).toBeCloseTo(calc.madeTrade.prob_profit ?? Number.NaN, 3);
    expect(stepValue(e, 'spread_expected_value')).toBeCloseTo(
      calc.madeTrade.spread_expected_value ?? Number.NaN,
      2,
    );
    expect(e.distribution.regions.reduce((p, r) => p + r.probability, 0)).toBeCloseTo(1, 12);
  });

  test('at the conservative level each leg fills half its spread away from the mid', async () => {
    const legs = ironCondor(spyChain, spy);
    const e = await json<TradeExplanation>(
      await post('/trades/trade/explain', {
        strategy: 'iron_condor',
        legs,
        fill: 'market',
        bidAskLevel: 0.5,
      }),
    );
    expect(e.bidAskLevel).toBe(0.5);
    for (const leg of e.legs) expect(leg.fill).toBeCloseTo(leg.weight > 0 ? leg.ask : leg.bid, 12);
  });

  test('bad input is a 4xx with a code', async () => {
    const legs = ironCondor(spyChain, spy);
    const cases: [unknown, string][] = [
      [{ strategy: 'iron_condor', legs, bidAskLevel: 0.3 }, 'VALIDATION_FAILED'],
      [{ strategy: 'iron_condor', legs: [] }, 'VALIDATION_FAILED'],
      [{ strategy: 'bull_put_spread', legs }, 'LEGS_MISMATCH'],
    ];
    for (const [body, code] of cases) {
      const res = await post('/trades/trade/explain', body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await json<{ code: string }>(res)).code).toBe(code);
    }
  });
});
