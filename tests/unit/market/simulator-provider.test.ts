import { describe, expect, test } from 'vitest';
import type { OptionContract } from '#domain/contracts/contract.ts';
import { parseContractId } from '#domain/contracts/contract-id.ts';
import { testMarket } from './market-fixture.ts';

const { market } = testMarket();

describe('MarketProvider reads', () => {
  test('universe rows carry spec codes and their snapshot index', () => {
    const u = market.universe();
    expect(u.map((x) => x.symbol)).toEqual(['SPY', 'SPX', 'AAPL', 'TSLA', 'XLU', 'KO', 'VIX']);
    expect(market.underlying('SPX')).toMatchObject({
      kind: 3,
      index: 1,
      synthetic: false,
      hasWeeklies: true,
    });
    expect(market.underlying('XLU')?.sector).toBe(10);
    expect(market.snapshot().symbols).toEqual(u.map((x) => x.symbol));
    expect(market.underlying('NOPE')).toBeUndefined();
  });

  test('an index moves with its fund', () => {
    const spy = market.quote('SPY');
    const spx = market.quote('SPX');
    expect((spx?.changePercent ?? 0) - (spy?.changePercent ?? 1)).toBeCloseTo(0, 3);
  });

  test('detail has every filter family with sane ranges', () => {
    const d = market.detail('AAPL');
    if (!d) throw new Error('AAPL missing');
    expect(d.quote.bid).toBeLessThan(d.quote.ask);
    expect(d.technicals.rsi14).toBeGreaterThanOrEqual(0);
    expect(d.technicals.rsi14).toBeLessThanOrEqual(100);
    expect(d.technicals.high52w).toBeGreaterThanOrEqual(d.technicals.low52w);
    expect(d.technicals.sma200).toBeGreaterThan(0);
    expect(d.volatility.iv).toBeGreaterThan(0.05);
    expect(d.volatility.ivRank).toBeGreaterThanOrEqual(0);
    expect(d.volatility.ivRank).toBeLessThanOrEqual(1);
    expect(d.volatility.ivPercentile).toBeLessThanOrEqual(1);
    expect(d.volatility.expectedMove).toBeGreaterThan(0);
    expect(d.events.nextEarnings).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(d.events.analyst?.recommendation).toBeGreaterThanOrEqual(1);
    for (const score of Object.values(d.events.scores ?? {})) {
      expect(score).toBeGreaterThanOrEqual(1);
      expect(score).toBeLessThanOrEqual(10);
    }
    expect(d.fundamentals.marketCap).toBeGreaterThan(1e12);
  });

  test('IV/HV history: one row per bar; puts over calls at 25 delta; HV over the window', () => {
    const rows = market.ivHistory('AAPL', { delta: 50, dte: 30 }) ?? [];
    const bars = market.bars('AAPL') ?? [];
    expect(rows).toHaveLength(bars.length);
    expect(rows.at(-1)?.time).toBe(bars.at(-1)?.time);
    const last = rows.at(-1);
    expect(last?.iv).toBeGreaterThan(0.05);
    expect(last?.hv).toBeGreaterThan(0.05);
    const puts = market.ivHistory('AAPL', { delta: 25, dte: 30, right: 'PUT' })?.at(-1)?.iv ?? 0;
    const calls = market.ivHistory('AAPL', { delta: 25, dte: 30, right: 'CALL' })?.at(-1)?.iv ?? 1;
    expect(puts).toBeGreaterThan(calls);
    const both = market.ivHistory('AAPL', { delta: 25, dte: 30, right: null })?.at(-1)?.iv ?? 0;
    expect(both).toBeCloseTo((puts + calls) / 2, 12);
  });

  test('chains and single quotes agree and carry domain contract ids', () => {
    const chain = market.optionChain('KO');
    if (!chain) throw new Error('KO missing');
    expect(chain.expirations.length).toBeGreaterThan(4);
    const o = chain.options[Math.floor(chain.options.length / 2)];
    if (!o) throw new Error('empty chain');
    expect(parseContractId(o.id)).toEqual(o.contract);
    expect(market.optionQuote(o.contract)).toEqual(o);
    const one = market.optionChain('KO', chain.expirations[1]?.date);
    expect(one?.expirations).toHaveLength(1);
    expect(one?.options.every((x) => x.contract.expiration === chain.expirations[1]?.date)).toBe(true);
    const missing: OptionContract = { ...o.contract, strike: o.contract.strike + 0.123 };
    expect(market.optionQuote(missing)).toBeUndefined();
  });

  test('the risk-free rate is the derived T-bill rate', () => {
    expect(market.riskFreeRate()).toBeGreaterThan(0.02);
    expect(market.riskFreeRate()).toBeLessThan(0.08);
  });
});
