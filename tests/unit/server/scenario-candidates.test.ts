/**
 * The analyzer offers only trades that risk at least what crossing their quotes costs: at the
 * mids a deep in-the-money collar or credit spread prices near its exercise value and looks
 * riskless, and its return over a few cents of risk would rank it first (docs/ANALYZER.md,
 * "Candidates").
 */
import { describe, expect, test } from 'vitest';
import type { ScenarioRunStandard, ScenarioTrade } from '#api/scenario.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import { runStandard, type ViewRequest, viewSetup } from '#server/scenario/standard-run.ts';

const market = createSimulatedMarket(
  { seed: 7, universe: 'S', hours: 'always', symbols: ['SPY'] },
  { clock: () => Date.parse('2026-03-04T15:30:00Z') },
);
const views = (r: ViewRequest) => viewSetup(market, r);
const spot = market.quote('SPY')!.last;
const chain = market.optionChain('SPY')!;
const quotes = new Map(chain.options.map((o) => [o.id, o]));
const stock = market.quote('SPY')!;

/** 100 × Σ |weight| × (ask − bid) of the trade's legs, from the market's own quotes. */
function crossingCost(t: ScenarioTrade): number {
  return t.legs.reduce((sum, leg) => {
    if (leg.contract.kind === 'stock') return sum + Math.abs(leg.quantity) * (stock.ask - stock.bid);
    const q = quotes.get(leg.contractId)!;
    return sum + Math.abs(leg.quantity) * 100 * (q.ask - q.bid);
  }, 0);
}

describe('analyzer candidates', () => {
  test.each([0, 0.5])(
    'at bid/ask level %s every slot risks more than crossing its quotes costs',
    async (level) => {
      const request: ScenarioRunStandard = {
        symbol: 'SPY',
        ranges: { behavior: 'abovePrice', value: Math.round(spot * 1.03) },
        date: chain.expirations[12]!.date,
        strategies: ['collar', 'bull_put_spread', 'married_put', 'covered_call', 'bull_call_spread'],
        bidAskLevel: level,
        onlyBalanced: true,
        volatility: 0.18,
        drift: 0.04,
        correlationId: null,
        maxRisk: null,
      };
      const answer = await runStandard(views, request, { deadline: Infinity });
      const slots = answer.results.flatMap((r) => r.slots);
      expect(slots.length).toBeGreaterThan(20);
      for (const t of slots) {
        for (const leg of t.legs)
          if (leg.contract.kind === 'option') expect(quotes.has(leg.contractId)).toBe(true);
        expect(t.risk).toBeGreaterThanOrEqual(crossingCost(t) - 1e-9);
      }
    },
  );
});
