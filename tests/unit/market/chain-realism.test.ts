/**
 * No-arbitrage and quoting properties of generated chains, on mids as a trader would see them.
 * Tolerances are the quoted spreads: a violation smaller than the bid/ask width cannot be traded.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { impliedVolByStyle } from '#domain/pricing/american.ts';
import type { SnapshotFrame } from '#server/market/snapshot.ts';
import { testMarket } from './market-fixture.ts';

let f: SnapshotFrame;
let groupCount = 0;
let groupsOf: (u: number) => number[];

beforeAll(() => {
  const { market } = testMarket();
  const snap = market.snapshot();
  f = snap.front();
  groupCount = snap.groupCount;
  groupsOf = (u) => {
    const out: number[] = [];
    for (let g = f.underlyings.groupStart[u] as number; g < (f.underlyings.groupEnd[u] as number); g++)
      out.push(g);
    return out;
  };
});

const isAmerican = (u: number) => exerciseStyleOf(f.underlyings.kind[u] as number) === ExerciseStyle.American;
const spreadOf = (i: number) => (f.options.ask[i] as number) - (f.options.bid[i] as number);

describe('generated chains', () => {
  test('list both rights for every strike, strikes ascending within an expiration', () => {
    const o = f.options;
    for (let g = 0; g < groupCount; g++) {
      const a = f.groups.start[g] as number;
      const b = f.groups.end[g] as number;
      expect((b - a) % 2).toBe(0);
      for (let i = a; i < b; i += 2) {
        expect(o.right[i]).toBe(1);
        expect(o.right[i + 1]).toBe(0);
        expect(o.strike[i + 1]).toBe(o.strike[i]);
        if (i > a) expect(o.strike[i] as number).toBeGreaterThan(o.strike[i - 2] as number);
      }
    }
  });

  test('bid ≤ mid ≤ ask, no negative prices, quotes on the tick', () => {
    const o = f.options;
    // Collect the offending rows and assert once: an expect per quote is slow at this count.
    const bad: number[] = [];
    for (let i = 0; i < o.bid.length; i++) {
      const bid = o.bid[i] as number;
      const ask = o.ask[i] as number;
      const ok =
        bid >= 0 &&
        ask > bid &&
        Math.abs((o.mid[i] as number) - (bid + ask) / 2) < 1e-9 &&
        Math.abs(bid * 100 - Math.round(bid * 100)) < 1e-6 &&
        Math.abs(ask * 100 - Math.round(ask * 100)) < 1e-6;
      if (!ok) bad.push(i);
    }
    expect(bad).toEqual([]);
  });

  test('call and put mids satisfy put-call parity within the spread: C − P = (F − K)·e^{−rT} (European), S·e^{−qT} − K ≤ C − P ≤ S − K·e^{−rT} (American)', () => {
    const o = f.options;
    let checked = 0;
    for (let g = 0; g < groupCount; g++) {
      const F = f.groups.forward[g] as number;
      const D = f.groups.discount[g] as number;
      const u = f.groups.underlying[g] as number;
      const american = isAmerican(u);
      const S = f.underlyings.last[u] as number;
      for (let i = f.groups.start[g] as number; i < (f.groups.end[g] as number); i += 2) {
        const K = o.strike[i] as number;
        const callMinusPut = (o.mid[i] as number) - (o.mid[i + 1] as number);
        // S·e^{−qT} = F·e^{−rT}.
        const low = american ? F * D - K : (F - K) * D;
        const high = american ? S - K * D : (F - K) * D;
        const gap = Math.max(low - callMinusPut, callMinusPut - high, 0);
        // An American bid raised to the exercise value lifts its mid by up to half the spread.
        const slack = (spreadOf(i) + spreadOf(i + 1)) / (american ? 1 : 2);
        expect(gap).toBeLessThanOrEqual(slack + 1e-9);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  test('call mids fall and are convex in strike (within the spreads)', () => {
    const o = f.options;
    for (let g = 0; g < groupCount; g++) {
      const a = f.groups.start[g] as number;
      const b = f.groups.end[g] as number;
      for (let i = a; i + 2 < b; i += 2)
        expect(o.mid[i + 2] as number).toBeLessThanOrEqual((o.mid[i] as number) + 1e-9);
      for (let i = a; i + 4 < b; i += 2) {
        const [k1, k2, k3] = [o.strike[i], o.strike[i + 2], o.strike[i + 4]] as [number, number, number];
        const w = (k3 - k2) / (k3 - k1);
        const chord = w * (o.mid[i] as number) + (1 - w) * (o.mid[i + 4] as number);
        // Each mid is within half its spread of a theoretical price convex in strike (bid ≤ theo ≤ ask),
        // so the middle one is at most its half-spread plus the chord's half-spreads above the chord.
        const tolerance = (spreadOf(i + 2) + w * spreadOf(i) + (1 - w) * spreadOf(i + 4)) / 2;
        expect(o.mid[i + 2] as number).toBeLessThanOrEqual(chord + tolerance + 1e-9);
      }
    }
  });

  test('no calendar arbitrage on mids: normalised out-of-the-money prices grow with expiry at equal forward moneyness', () => {
    // c(k, T) = price / (F·e^{−rT}) at k = ln(K/F) must not fall as T grows (Gatheral, "The Volatility Surface", ch. 2).
    const o = f.options;
    let pairs = 0;
    for (let u = 0; u < f.underlyings.kind.length; u++) {
      const gs = groupsOf(u);
      for (let j = 0; j + 1 < gs.length; j++) {
        const [g1, g2] = [gs[j], gs[j + 1]] as [number, number];
        const norm = (g: number, i: number) =>
          (o.mid[i] as number) / ((f.groups.forward[g] as number) * (f.groups.discount[g] as number));
        const otmRow = (g: number, i: number) =>
          (o.strike[i] as number) >= (f.groups.forward[g] as number) ? i : i + 1;
        const curve: { k: number; c: number; tol: number }[] = [];
        for (let i = f.groups.start[g2] as number; i < (f.groups.end[g2] as number); i += 2) {
          const r = otmRow(g2, i);
          curve.push({
            k: Math.log((o.strike[i] as number) / (f.groups.forward[g2] as number)),
            c: norm(g2, r),
            tol: spreadOf(r) / 2,
          });
        }
        for (let i = f.groups.start[g1] as number; i < (f.groups.end[g1] as number); i += 2) {
          const r = otmRow(g1, i);
          if ((o.mid[r] as number) < 0.05) continue;
          const k = Math.log((o.strike[i] as number) / (f.groups.forward[g1] as number));
          const hi = curve.findIndex((p) => p.k >= k);
          if (hi <= 0) continue;
          const [p0, p1] = [curve[hi - 1], curve[hi]] as [
            { k: number; c: number; tol: number },
            { k: number; c: number; tol: number },
          ];
          // Both sides on the same out-of-the-money side of their forwards.
          if (p0.k < 0 !== k < 0 || p1.k < 0 !== k < 0) continue;
          const later = p0.c + ((p1.c - p0.c) * (k - p0.k)) / (p1.k - p0.k);
          const scale = (f.groups.forward[g1] as number) * (f.groups.discount[g1] as number);
          const tolerance = (spreadOf(r) / 2 + Math.max(p0.tol, p1.tol)) / scale;
          expect(later).toBeGreaterThanOrEqual(norm(g1, r) - tolerance - 1e-12);
          pairs++;
        }
      }
    }
    expect(pairs).toBeGreaterThan(500);
  });

  test('the smile has a put skew: 25-delta puts trade above 25-delta calls (VIX: a call skew)', () => {
    const o = f.options;
    for (let u = 0; u < f.underlyings.kind.length; u++) {
      const g = groupsOf(u).find(
        (x) => (f.groups.days[x] as number) > 20 && (f.groups.days[x] as number) < 70,
      );
      expect(g).toBeDefined();
      let put = -1;
      let call = -1;
      for (let i = f.groups.start[g as number] as number; i < (f.groups.end[g as number] as number); i++) {
        const d = o.delta[i] as number;
        if (o.right[i] === 0 && (put < 0 || Math.abs(d + 0.25) < Math.abs((o.delta[put] as number) + 0.25)))
          put = i;
        if (o.right[i] === 1 && (call < 0 || Math.abs(d - 0.25) < Math.abs((o.delta[call] as number) - 0.25)))
          call = i;
      }
      const isVix = f.underlyings.kind[u] === 3 && (f.underlyings.prevClose[u] as number) < 100;
      if (isVix) expect(o.iv[call] as number).toBeGreaterThan(o.iv[put] as number);
      else expect(o.iv[put] as number).toBeGreaterThan(o.iv[call] as number);
    }
  });

  test('the iv column is the implied vol of the theoretical price (mid within the spread), under the model of the style', () => {
    const o = f.options;
    const u = f.underlyings;
    for (let ui = 0; ui < u.kind.length; ui++) {
      const style = exerciseStyleOf(u.kind[ui] as number);
      // The spot is shown rounded to the cent; q is recovered from the forward with it.
      const S = u.last[ui] as number;
      for (const g of groupsOf(ui)) {
        if (g % 7 !== 0) continue;
        const T = f.groups.years[g] as number;
        const F = f.groups.forward[g] as number;
        const D = f.groups.discount[g] as number;
        const r = -Math.log(D) / T;
        const q = r - Math.log(F / S) / T;
        for (let i = f.groups.start[g] as number; i < (f.groups.end[g] as number); i++) {
          const isCall = o.right[i] === 1;
          const K = o.strike[i] as number;
          if ((o.mid[i] as number) < 1 || isCall !== K >= F) continue;
          const fromBid = impliedVolByStyle(style, isCall, o.bid[i] as number, S, K, T, r, q);
          const fromAsk = impliedVolByStyle(style, isCall, o.ask[i] as number, S, K, T, r, q);
          if (fromBid === null || fromAsk === null) continue;
          expect(o.iv[i] as number).toBeGreaterThanOrEqual(fromBid - 1e-6);
          expect(o.iv[i] as number).toBeLessThanOrEqual(fromAsk + 1e-6);
        }
      }
    }
  });

  test('open interest and volume peak near the money and in the front months', () => {
    // Per contract, as in the real chains: about 2.5× more open interest within one ATM standard
    // deviation than beyond three (reference/model.json, perContractByU). Compared expiration by
    // expiration: the dailies list strikes out to 0.70–1.30 of spot as SPY's do, many standard
    // deviations away, and their turnover is the highest, so pooling expirations would compare
    // the dailies' far strikes with everyone's near ones.
    const o = f.options;
    const oiRatios: number[] = [];
    const volumeRatios: number[] = [];
    let front = 0;
    let back = 0;
    for (const g of groupsOf(0)) {
      const F = f.groups.forward[g] as number;
      const sd = (f.groups.atmIv[g] as number) * Math.sqrt(f.groups.years[g] as number);
      const near = { oi: 0, volume: 0, n: 0 };
      const far = { oi: 0, volume: 0, n: 0 };
      for (let i = f.groups.start[g] as number; i < (f.groups.end[g] as number); i++) {
        const z = Math.abs(Math.log((o.strike[i] as number) / F)) / sd;
        const bucket = z < 1 ? near : z > 3 ? far : null;
        if (bucket) {
          bucket.oi += o.openInterest[i] as number;
          bucket.volume += o.volume[i] as number;
          bucket.n++;
        }
        if ((f.groups.days[g] as number) < 60) front += o.openInterest[i] as number;
        else if ((f.groups.days[g] as number) > 365) back += o.openInterest[i] as number;
      }
      if (near.n === 0 || far.n === 0) continue;
      oiRatios.push(near.oi / near.n / (far.oi / far.n));
      if (far.volume > 0) volumeRatios.push(near.volume / near.n / (far.volume / far.n));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1] as number;
    expect(oiRatios.length).toBeGreaterThan(10);
    expect(median(oiRatios)).toBeGreaterThan(1.5);
    expect(median(volumeRatios)).toBeGreaterThan(1.5);
    expect(front).toBeGreaterThan(back);
  });
});
