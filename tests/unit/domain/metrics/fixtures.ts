/**
 * Shared fixtures for the metrics tests: a $100 stock, r = 4%, q = 0, ATM IV 30%, now exactly 30
 * days before the front expiration (2026-02-20, 16:00 New York) and 58 days before the back one.
 */
import fc from 'fast-check';
import type { Right } from '#domain/contracts/contract.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import type { LegQuote, TradeInput, UnderlyingState } from '#domain/metrics/types.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';

export const FRONT = '2026-02-20';
export const BACK = '2026-03-20';
export const DAY_MS = 86_400_000;
export const AS_OF = expiryInstant(FRONT) - 30 * DAY_MS;
export const T_FRONT = 30 / 365;
export const RATE = 0.04;

export const UNDERLYING: UnderlyingState = {
  symbol: 'XYZ',
  price: 100,
  iv: 0.3,
  dividendYield: 0,
  atr: 2.5,
  std21: 0.25,
  sma200: 90,
  w52High: 120,
  w52Low: 80,
  targetPrice: 110,
  epsTtm: 5,
  forwardEps: 6,
};

/** An option leg quoted around `mid` with a 0.20 wide market. */
export const opt = (
  right: Right,
  quantity: number,
  strike: number,
  mid: number,
  expiration = FRONT,
  iv = 0.3,
): LegQuote => ({
  contract: { kind: 'option', underlying: 'XYZ', right, expiration, strike },
  quantity,
  bid: mid - 0.1,
  ask: mid + 0.1,
  iv,
});
export const call = (q: number, k: number, mid: number, e = FRONT, iv = 0.3) => opt('CALL', q, k, mid, e, iv);
export const put = (q: number, k: number, mid: number, e = FRONT, iv = 0.3) => opt('PUT', q, k, mid, e, iv);
/** Shares quoted 99.99 / 100.01. */
export const shares = (quantity: number, mid = 100): LegQuote => ({
  contract: { kind: 'stock', symbol: 'XYZ' },
  quantity,
  bid: mid - 0.01,
  ask: mid + 0.01,
  iv: 0,
});

export function trade(
  strategy: StrategyKey,
  legs: readonly LegQuote[],
  opts: { level?: number; underlying?: Partial<UnderlyingState>; horizonMs?: number; drift?: number } = {},
): TradeInput {
  return {
    strategy,
    legs,
    underlying: { ...UNDERLYING, ...opts.underlying },
    env: { asOfMs: AS_OF, riskFreeRate: RATE, ...(opts.drift === undefined ? {} : { drift: opts.drift }) },
    bidAskLevel: opts.level ?? 0,
    ...(opts.horizonMs === undefined ? {} : { horizonMs: opts.horizonMs }),
  };
}

/** Random option legs (1–4, one expiration unless `expirations` has more) and an optional stock leg. */
export function arbLegs(
  opts: { expirations?: readonly string[]; stock?: boolean } = {},
): fc.Arbitrary<LegQuote[]> {
  const expirations = opts.expirations ?? [FRONT];
  const option = fc
    .record({
      right: fc.constantFrom<Right>('CALL', 'PUT'),
      quantity: fc.integer({ min: -3, max: 3 }).filter((q) => q !== 0),
      strike: fc.integer({ min: 16, max: 30 }).map((k) => k * 5),
      mid: fc.double({ min: 0.05, max: 25, noNaN: true }),
      halfSpread: fc.double({ min: 0, max: 0.3, noNaN: true }),
      iv: fc.double({ min: 0.1, max: 0.8, noNaN: true }),
      expiration: fc.constantFrom(...expirations),
    })
    .map(
      (o): LegQuote => ({
        contract: {
          kind: 'option',
          underlying: 'XYZ',
          right: o.right,
          expiration: o.expiration,
          strike: o.strike,
        },
        quantity: o.quantity,
        bid: Math.max(o.mid - o.halfSpread, 0),
        ask: o.mid + o.halfSpread,
        iv: o.iv,
      }),
    );
  const stock = fc.integer({ min: -2, max: 2 }).map((lots) => shares(lots * 100 || 100));
  return fc
    .tuple(
      fc.array(option, { minLength: 1, maxLength: 4 }),
      opts.stock ? fc.option(stock) : fc.constant(null),
    )
    .map(([options, s]) => (s ? [s, ...options] : options));
}
