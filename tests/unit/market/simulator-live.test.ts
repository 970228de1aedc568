import { describe, expect, test } from 'vitest';
import { OPTION_LIVE, UNDERLYING_LIVE } from '#engine/snapshot-layout.ts';
import type { MarketTick } from '#server/market/provider.ts';
import { loadReferenceData } from '#server/market/reference-data.ts';
import { buildUniverse } from '#server/market/universe.ts';
import { testMarket, WEDNESDAY_1030 } from './market-fixture.ts';

const OPEN = Date.parse('2026-03-04T14:30:00Z'); // 09:30 New York
const CLOSE = Date.parse('2026-03-04T21:00:00Z'); // 16:00 New York

describe('live ticks', () => {
  test("the realised volatility of a day's one-second ticks is within 20% of the configured one", () => {
    // A less liquid stock (small chain, trades in about half of the seconds): the test prices 23,400 ticks.
    const spec = buildUniverse(loadReferenceData(), { seed: 11, universe: 'S', hours: 'nyse' }).find(
      (s) => s.kind === 1 && s.tier === 2,
    );
    const symbol = spec?.symbol as string;
    const { market, set } = testMarket({ symbols: [symbol] }, OPEN);
    const configured = market.sessionVolatility(symbol);
    // The forward of the longest expiry moves with the unrounded spot (the quote is rounded to cents).
    const snap = market.snapshot();
    const g = snap.groupCount - 1;
    let prev = snap.front().groups.forward[g] as number;
    let sum = 0;
    let sumSq = 0;
    let n = 0;
    for (let t = OPEN + 1000; t <= CLOSE; t += 1000) {
      set(t);
      const f = market.snapshot().front();
      const fwd = f.groups.forward[g] as number;
      const r = Math.log(fwd / prev);
      prev = fwd;
      sum += r;
      sumSq += r * r;
      n++;
    }
    const perSecond = (sumSq - (sum * sum) / n) / (n - 1);
    const realised = Math.sqrt(perSecond * n * 252);
    expect(n).toBe(23_400);
    expect(realised / configured).toBeGreaterThan(0.8);
    expect(realised / configured).toBeLessThan(1.2);
  });

  test('ticks carry the underlyings that moved; unsubscribe stops them', () => {
    const { market, step } = testMarket();
    const ticks: MarketTick[] = [];
    const stop = market.subscribe((t) => ticks.push(t));
    step(1000);
    market.advance();
    step(1000);
    market.advance();
    stop();
    step(1000);
    market.advance();
    expect(ticks).toHaveLength(2);
    expect(ticks[1]?.seq).toBe((ticks[0]?.seq ?? 0) + 1);
    expect(ticks[0]?.changed).toContain('SPY');
    // An index moves with its fund.
    expect(ticks[0]?.changed).toContain('SPX');
    market.close();
  });

  test('a published frame keeps the rows of the underlyings that did not move', () => {
    // The writer copies into the back frame only the rows the last publish changed: an
    // underlying that moved one second and not the next must still show its newest values.
    const { market, step } = testMarket();
    const snap = market.snapshot();
    const ticks: MarketTick[] = [];
    market.subscribe((t) => ticks.push(t));
    const optionNames = Object.keys(OPTION_LIVE) as (keyof typeof OPTION_LIVE)[];
    const underlyingNames = Object.keys(UNDERLYING_LIVE) as (keyof typeof UNDERLYING_LIVE)[];
    let kept = 0;
    let movedBefore = 0;
    const lastMoved = new Set<string>();
    // 40 one-second ticks: within a minute nothing is repriced unless it moved.
    for (let k = 0; k < 40; k++) {
      const before = snap.front();
      const options = optionNames.map((name) => before.options[name].slice());
      const underlyings = underlyingNames.map((name) => before.underlyings[name].slice());
      step(1000);
      market.advance();
      const tick = ticks.at(-1)!;
      const after = snap.front();
      snap.symbols.forEach((symbol, u) => {
        if (tick.changed.includes(symbol)) return;
        kept++;
        if (lastMoved.has(symbol)) movedBefore++;
        const from = after.underlyings.optionStart[u]!;
        const to = after.underlyings.optionEnd[u]!;
        optionNames.forEach((name, c) => {
          expect(after.options[name].subarray(from, to), `${symbol} ${name}`).toEqual(
            options[c]!.subarray(from, to),
          );
        });
        underlyingNames.forEach((name, c) => {
          expect(after.underlyings[name][u], `${symbol} ${name}`).toEqual(underlyings[c]![u]);
        });
      });
      lastMoved.clear();
      for (const symbol of tick.changed) lastMoved.add(symbol);
    }
    // Both cases occurred: still underlyings, and ones that had moved the second before.
    expect(kept).toBeGreaterThan(0);
    expect(movedBefore).toBeGreaterThan(0);
    market.close();
  });

  test('quotes reprice from the moving underlying', () => {
    const { market, step } = testMarket();
    const before = market.optionChain('AAPL');
    step(60_000);
    const after = market.optionChain('AAPL');
    expect(after?.spot).not.toBe(before?.spot);
    const moved = after?.options.filter((o, i) => o.mid !== before?.options[i]?.mid).length ?? 0;
    expect(moved).toBeGreaterThan(10);
  });

  test("NYSE hours: prices stand still outside the session, 'always' keeps it open", () => {
    const evening = Date.parse('2026-03-04T23:00:00Z'); // 18:00 New York
    const nyse = testMarket({ hours: 'nyse', symbols: ['SPY'] }, evening);
    const last = nyse.market.quote('SPY')?.last;
    expect(nyse.market.isOpen()).toBe(false);
    nyse.step(3_600_000);
    expect(nyse.market.quote('SPY')?.last).toBe(last);
    const always = testMarket({ hours: 'always', symbols: ['SPY'] }, evening);
    const before = always.market.quote('SPY')?.last;
    expect(always.market.isOpen()).toBe(true);
    always.step(3_600_000);
    expect(always.market.quote('SPY')?.last).not.toBe(before);
  });
});

describe('sessions', () => {
  test('expired series roll off at 16:00 and a new session lists new ones and adds a bar', () => {
    const friday = Date.parse('2026-03-06T20:59:00Z'); // 15:59 New York, a weekly expiration
    const { market, set } = testMarket({ symbols: ['SPY', 'AAPL'] }, friday);
    const old = market.snapshot();
    expect(old.expirations).toContain('2026-03-06');
    const lastBar = market.bars('SPY')?.at(-1)?.date;
    const ticks: MarketTick[] = [];
    market.subscribe((t) => ticks.push(t));
    set(Date.parse('2026-03-06T21:00:01Z'));
    market.advance();
    const rolled = market.snapshot();
    expect(old.retired).toBe(true);
    expect(rolled.layoutId).toBeGreaterThan(old.layoutId);
    expect(rolled.expirations).not.toContain('2026-03-06');
    expect(ticks.at(-1)?.relisted).toBe(true);
    // Every row, old or newly listed, has a previous close.
    expect(rolled.front().options.prevClose.every((p) => p > 0)).toBe(true);
    // Monday's session: Friday's bar closed, and a weekly nine weeks out is listed for SPY.
    set(Date.parse('2026-03-09T13:31:00Z'));
    const monday = market.snapshot();
    expect(market.bars('SPY')?.at(-1)?.date).toBe('2026-03-06');
    expect(lastBar).toBe('2026-03-05');
    expect(monday.expirations.at(-1)! >= rolled.expirations.at(-1)!).toBe(true);
    expect(market.optionChain('SPY')?.expirations.some((e) => e.date === '2026-05-08')).toBe(true);
    market.close();
  });

  test('bars end at the previous session and span more than a year', () => {
    const { market } = testMarket({ symbols: ['AAPL'] }, WEDNESDAY_1030);
    const bars = market.bars('AAPL') ?? [];
    expect(bars.at(-1)?.date).toBe('2026-03-03');
    expect(bars.length).toBeGreaterThanOrEqual(252 + 100);
    for (const b of bars) {
      expect(b.high).toBeGreaterThanOrEqual(Math.max(b.open, b.close) - 1e-9);
      expect(b.low).toBeLessThanOrEqual(Math.min(b.open, b.close) + 1e-9);
      expect(b.low).toBeGreaterThan(0);
    }
    // The history closes at the reference last close (AAPL 311.30).
    expect(bars.at(-1)?.close).toBe(311.3);
  });
});
