import { expect, test } from 'vitest';
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { americanPrice } from '#domain/pricing/american.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
import { chainStats, type QuoteRow, smileTable } from '#server/market/reference/chain-stats.ts';

/** A chain of one expiration quoted a cent wide around `price`, strikes `from` to `to` by $1. */
function quotedChain(
  expiration: string,
  from: number,
  to: number,
  price: (isCall: boolean, K: number) => number,
): QuoteRow[] {
  const rows: QuoteRow[] = [];
  for (let K = from; K <= to; K += 1) {
    for (const isCall of [true, false]) {
      const p = price(isCall, K);
      rows.push({
        expiration,
        isCall,
        strike: K,
        bid: p - 0.005,
        ask: p + 0.005,
        openInterest: 10,
        volume: 1,
      });
    }
  }
  return rows;
}

test('recovers the forward and a flat 25% vol from a Black-Scholes chain quoted a cent wide', () => {
  const asOf = Date.parse('2026-02-11T17:00:00Z');
  const T = (expiryInstant('2026-03-20') - asOf) / (365 * 86_400_000);
  const S = 100;
  const r = 0.04;
  const q = 0.01;
  const rows = quotedChain('2026-03-20', 70, 130, (isCall, K) => bsPrice(isCall, S, K, T, r, q, 0.25));
  const [e] = chainStats({ underlying: 'X', spot: S, asOfMs: asOf, rate: r, rows });
  expect(e?.forward).toBeCloseTo(S * Math.exp((r - q) * T), 6);
  expect(e?.atmIv).toBeCloseTo(0.25, 4);
  for (const p of e?.points ?? []) if (!Number.isNaN(p.iv) && p.mid > 0.2) expect(p.iv).toBeCloseTo(0.25, 2);
  const smile = smileTable(e ? [e] : []);
  expect(smile[1]?.[5]).toBeCloseTo(1, 2);
});

test('an American chain: the forward and a flat 25% vol recovered under the American model; the European inverse overstates the vol', () => {
  const asOf = Date.parse('2026-02-11T17:00:00Z');
  const expiration = '2027-06-17';
  const T = (expiryInstant(expiration) - asOf) / (365 * 86_400_000);
  const S = 100;
  const r = 0.05;
  const q = 0.015;
  const rows = quotedChain(expiration, 60, 140, (isCall, K) => americanPrice(isCall, S, K, T, r, q, 0.25));
  const stats = (exerciseStyle?: ExerciseStyle) =>
    chainStats({
      underlying: 'X',
      spot: S,
      asOfMs: asOf,
      rate: r,
      rows,
      ...(exerciseStyle ? { exerciseStyle } : {}),
    })[0]!;
  const worstError = (e: ReturnType<typeof stats>) =>
    Math.max(...e.points.filter((p) => !Number.isNaN(p.iv) && p.mid > 0.2).map((p) => Math.abs(p.iv - 0.25)));
  const american = stats(ExerciseStyle.American);
  expect(american.forward).toBeCloseTo(S * Math.exp((r - q) * T), 3);
  expect(american.atmIv).toBeCloseTo(0.25, 5);
  expect(american.points.filter((p) => !Number.isNaN(p.iv)).length).toBeGreaterThan(60);
  expect(worstError(american)).toBeLessThan(1e-5);
  // The European inverse (the default) ascribes the early-exercise premium to volatility.
  const european = stats();
  expect(european.atmIv).toBeGreaterThan(0.255);
  expect(worstError(european)).toBeGreaterThan(5e-3);
});
