/**
 * Tiny markets for engine tests: a few underlyings (the first an ETF, the third an index) × a few
 * expirations × a few strikes, written straight into a `MarketSnapshot` (the layout the simulator
 * fills), quotes on the cent grid from Black-Scholes-Merton with a smile. Seeded: the same options give the same market.
 */

import { expiryInstant } from '#domain/contracts/expiry.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import type { MarketInstant } from '#engine/market-view.ts';
import { runScan, runShardsHere, type ScanResult } from '#engine/scan-run.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { NO_EXTRAS } from '#engine/underlying-stage.ts';
import { MarketSnapshot } from '#server/market/snapshot.ts';
import { seededUniforms } from '#tests/support/seeded-random.ts';

/** A Wednesday, 10:30 New York. */
export const TINY_AS_OF = Date.parse('2026-03-04T15:30:00Z');
export const TINY_RATE = 0.04;
/** Fridays after TINY_AS_OF; 2026-03-20 and 2026-04-17 are monthlies. */
export const TINY_EXPIRATIONS = [
  '2026-03-06',
  '2026-03-13',
  '2026-03-20',
  '2026-04-17',
  '2026-05-15',
] as const;
const SYMBOLS = ['AAA', 'BBB', 'CCC', 'DDD', 'EEE', 'FFF'] as const;

export interface TinyMarketOptions {
  readonly seed: number;
  /** 1–6 underlyings. */
  readonly underlyings: number;
  /** Expirations per underlying, 1–5 (the first n of TINY_EXPIRATIONS). */
  readonly expirations: number;
  /** Strikes per expiration. */
  readonly strikes: number;
  /** Strikes per expiration of the first underlying instead (a chain larger than the others). */
  readonly firstStrikes?: number;
}

export interface TinyMarket {
  readonly snapshot: MarketSnapshot;
  readonly instant: MarketInstant;
}

const rng = (seed: number): (() => number) => seededUniforms(seed >>> 0 || 1);

const cents = (x: number) => Math.round(x * 100) / 100;

export function tinyMarket(opts: TinyMarketOptions): TinyMarket {
  const rand = rng(opts.seed);
  const nU = Math.max(1, Math.min(opts.underlyings, SYMBOLS.length));
  const nE = Math.max(1, Math.min(opts.expirations, TINY_EXPIRATIONS.length));
  const nK = Math.max(1, opts.strikes);
  const symbols = SYMBOLS.slice(0, nU);
  const groupCount = nU * nE;
  const strikesOf = (ui: number) => (ui === 0 ? Math.max(1, opts.firstStrikes ?? nK) : nK);
  const optionCount = nE * 2 * (strikesOf(0) + (nU - 1) * nK);
  const snapshot = MarketSnapshot.create(
    {
      optionCount,
      groupCount,
      symbols,
      expirations: [...TINY_EXPIRATIONS],
      industries: ['Software', 'Banks'],
    },
    1,
  );
  const frame = snapshot.back()!;
  const o = frame.options;
  const g = frame.groups;
  const u = frame.underlyings;
  let row = 0;
  for (let ui = 0; ui < nU; ui++) {
    const spot = cents(20 + rand() * 180);
    const q = rand() < 0.3 ? 0 : cents(rand() * 0.04 * 100) / 100;
    const atmIv = 0.15 + rand() * 0.5;
    const step = spot < 50 ? 1 : spot < 120 ? 2.5 : 5;
    const kCount = strikesOf(ui);
    const first = Math.round(spot / step - kCount / 2) * step;
    u.optionStart[ui] = row;
    u.groupStart[ui] = ui * nE;
    u.groupEnd[ui] = (ui + 1) * nE;
    u.kind[ui] = ui === 0 ? 2 : ui === 2 ? 3 : 1;
    u.sector[ui] = [1, 2, 3, 4, 6][ui % 5]!;
    u.industry[ui] = ui % 2;
    u.hasWeeklies[ui] = 1;
    u.last[ui] = spot;
    u.bid[ui] = cents(spot - 0.01);
    u.ask[ui] = cents(spot + 0.01);
    u.prevClose[ui] = cents(spot * (1 + (rand() - 0.5) * 0.04));
    u.open[ui] = u.prevClose[ui]!;
    u.high[ui] = cents(spot * 1.01);
    u.low[ui] = cents(spot * 0.99);
    u.changePercent[ui] = (spot - u.prevClose[ui]!) / u.prevClose[ui]!;
    u.volume[ui] = Math.floor(rand() * 5e6);
    u.averageVolume[ui] = Math.floor(1e6 + rand() * 4e6);
    u.iv[ui] = atmIv;
    u.ivRank[ui] = rand();
    u.ivRv[ui] = 0.7 + rand();
    u.rv[ui] = atmIv * (0.6 + rand() * 0.6);
    u.dividendYield[ui] = q;
    u.atr[ui] = rand() < 0.15 ? Number.NaN : cents(spot * (0.01 + rand() * 0.03));
    u.sma200[ui] = cents(spot * (0.8 + rand() * 0.4));
    u.high52w[ui] = cents(spot * (1 + rand() * 0.5));
    u.low52w[ui] = cents(spot * (0.5 + rand() * 0.5));
    u.targetPrice[ui] = rand() < 0.2 ? Number.NaN : cents(spot * (0.8 + rand() * 0.5));
    u.epsTtm[ui] = rand() < 0.2 ? -1 : cents(spot / (10 + rand() * 30));
    u.forwardPe[ui] = rand() < 0.2 ? Number.NaN : 8 + rand() * 30;
    u.earningsDate[ui] =
      rand() < 0.3 ? Number.NaN : Math.floor(TINY_AS_OF / 86_400_000) + Math.floor(rand() * 60);
    u.marketCap[ui] = 1e9 * (1 + rand() * 500);
    u.totalOptionVolume[ui] = Math.floor(rand() * 20_000);
    u.totalOpenInterest[ui] = Math.floor(rand() * 200_000);
    for (let ei = 0; ei < nE; ei++) {
      const gi = ui * nE + ei;
      const date = TINY_EXPIRATIONS[ei]!;
      const T = (expiryInstant(date) - TINY_AS_OF) / (365 * 86_400_000);
      g.underlying[gi] = ui;
      g.expiration[gi] = ei;
      g.type[gi] = date === '2026-03-20' || date === '2026-04-17' ? 2 : 1;
      g.start[gi] = row;
      g.years[gi] = T;
      g.days[gi] = T * 365;
      g.atmIv[gi] = atmIv;
      for (let k = 0; k < kCount; k++) {
        const strike = first + k * step;
        for (const isCall of [true, false]) {
          const m = Math.log(strike / spot);
          const iv = Math.max(0.05, atmIv + 0.3 * m * m - 0.1 * m + (rand() - 0.5) * 0.02);
          const theo = bsPrice(isCall, spot, strike, T, TINY_RATE, q, iv);
          const half = Math.max(0.01, theo * (0.02 + rand() * 0.08));
          const bid = Math.max(0, cents(theo - half));
          const ask = Math.max(cents(theo + half), bid + 0.01);
          o.underlying[row] = ui;
          o.group[row] = gi;
          o.expiration[row] = ei;
          o.strike[row] = strike;
          o.right[row] = isCall ? 1 : 0;
          o.openInterest[row] = Math.floor(rand() * 3000);
          o.prevClose[row] = cents((bid + ask) / 2 + (rand() - 0.5) * 0.1);
          o.bid[row] = bid;
          o.ask[row] = cents(ask);
          o.mid[row] = (bid + o.ask[row]!) / 2;
          o.last[row] = o.mid[row]!;
          o.high[row] = rand() < 0.2 ? Number.NaN : cents(o.mid[row]! * 1.05);
          o.low[row] = rand() < 0.2 ? Number.NaN : cents(o.mid[row]! * 0.95);
          o.volume[row] = Math.floor(rand() * 500);
          o.iv[row] = iv;
          o.years[row] = T;
          o.days[row] = T * 365;
          row++;
        }
      }
      g.end[gi] = row;
    }
    u.optionEnd[ui] = row;
  }
  snapshot.publish(frame, TINY_AS_OF);
  const pinned = snapshot.pin();
  snapshot.unpin(pinned);
  return {
    snapshot,
    instant: {
      buffers: snapshot.buffers,
      frameIndex: pinned.index,
      asOfMs: TINY_AS_OF,
      riskFreeRate: TINY_RATE,
    },
  };
}

/** One strike of a hand-made chain: bid and ask of the call and of the put. */
export interface FixedQuote {
  readonly strike: number;
  readonly call: readonly [bid: number, ask: number];
  readonly put: readonly [bid: number, ask: number];
}

export interface FixedMarketOptions {
  readonly symbol: string;
  readonly spot: number;
  /** ATM IV of the underlying, also every option's IV. */
  readonly iv: number;
  readonly dividendYield?: number;
  /** Underlying kind: 1 stock (the default), 2 ETF, 3 index. */
  readonly kind?: 1 | 2 | 3;
  /** Expirations from TINY_EXPIRATIONS with their chains. */
  readonly expirations: readonly {
    readonly date: (typeof TINY_EXPIRATIONS)[number];
    readonly quotes: readonly FixedQuote[];
  }[];
}

/** One underlying with hand-chosen quotes (golden tests); the stock trades at spot ± 0.01. */
export function fixedMarket(opts: FixedMarketOptions): TinyMarket {
  const groups = opts.expirations;
  const optionCount = groups.reduce((n, e) => n + 2 * e.quotes.length, 0);
  const snapshot = MarketSnapshot.create(
    {
      optionCount,
      groupCount: groups.length,
      symbols: [opts.symbol],
      expirations: [...TINY_EXPIRATIONS],
      industries: ['Software'],
    },
    1,
  );
  const frame = snapshot.back()!;
  const { options: o, groups: g, underlyings: u } = frame;
  const spot = opts.spot;
  u.optionStart[0] = 0;
  u.optionEnd[0] = optionCount;
  u.groupStart[0] = 0;
  u.groupEnd[0] = groups.length;
  u.kind[0] = opts.kind ?? 1;
  u.sector[0] = 1;
  u.hasWeeklies[0] = 1;
  u.last[0] = spot;
  u.bid[0] = cents(spot - 0.01);
  u.ask[0] = cents(spot + 0.01);
  u.prevClose[0] = spot;
  u.iv[0] = opts.iv;
  u.rv[0] = opts.iv;
  u.dividendYield[0] = opts.dividendYield ?? 0;
  u.atr[0] = cents(spot * 0.02);
  u.totalOptionVolume[0] = 10_000;
  for (const name of [
    'sma200',
    'high52w',
    'low52w',
    'targetPrice',
    'epsTtm',
    'forwardPe',
    'earningsDate',
  ] as const)
    u[name][0] = Number.NaN;
  let row = 0;
  groups.forEach((e, gi) => {
    const T = (expiryInstant(e.date) - TINY_AS_OF) / (365 * 86_400_000);
    g.underlying[gi] = 0;
    g.expiration[gi] = TINY_EXPIRATIONS.indexOf(e.date);
    g.start[gi] = row;
    g.years[gi] = T;
    g.days[gi] = T * 365;
    g.atmIv[gi] = opts.iv;
    for (const q of e.quotes) {
      for (const [isCall, [bid, ask]] of [
        [true, q.call],
        [false, q.put],
      ] as const) {
        o.underlying[row] = 0;
        o.group[row] = gi;
        o.expiration[row] = g.expiration[gi]!;
        o.strike[row] = q.strike;
        o.right[row] = isCall ? 1 : 0;
        o.openInterest[row] = 1000;
        o.volume[row] = 100;
        o.bid[row] = bid;
        o.ask[row] = ask;
        o.mid[row] = (bid + ask) / 2;
        o.last[row] = o.mid[row]!;
        o.prevClose[row] = o.mid[row]!;
        o.high[row] = Number.NaN;
        o.low[row] = Number.NaN;
        o.iv[row] = opts.iv;
        o.years[row] = T;
        o.days[row] = T * 365;
        row++;
      }
    }
    g.end[gi] = row;
  });
  snapshot.publish(frame, TINY_AS_OF);
  const pinned = snapshot.pin();
  snapshot.unpin(pinned);
  return {
    snapshot,
    instant: {
      buffers: snapshot.buffers,
      frameIndex: pinned.index,
      asOfMs: TINY_AS_OF,
      riskFreeRate: TINY_RATE,
    },
  };
}

/** Runs a scan on a tiny market on this thread (no workers). */
export async function scanTiny(
  market: TinyMarket,
  spec: ScanSpec,
  probabilityModel: ProbabilityModel = 'smile',
): Promise<ScanResult> {
  return runScan(spec, {
    probabilityModel,
    market: { snapshot: () => market.snapshot, riskFreeRate: () => market.instant.riskFreeRate },
    extras: NO_EXTRAS,
    runShards: runShardsHere,
    cancel: new Int32Array(new SharedArrayBuffer(4)),
    shardSize: 1,
    warn: () => {},
  });
}

/** Custom legs of a 4-leg scan: a put spread below a call spread (strikes ascending). */
export const FOUR_LEGS = [
  { kind: 'option', right: 'PUT', quantity: 1 },
  { kind: 'option', right: 'PUT', quantity: -1, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: -1, strike: 'greater' },
  { kind: 'option', right: 'CALL', quantity: 1, strike: 'greater' },
] as const;
