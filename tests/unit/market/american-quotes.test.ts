/**
 * American options in the simulated market, over the whole S universe at several instants: no bid or
 * ask below the exercise value, the IV the chain reports reprices the quote under the model of the
 * option's style, and the chain's greeks are that model's greeks at that IV.
 */
import { expect, test } from 'vitest';
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { greeksByStyle } from '#domain/pricing/american.ts';
import { createSimulatedMarket } from '#server/market/simulator.ts';
import type { SnapshotFrame } from '#server/market/snapshot.ts';
import { WEDNESDAY_1030 } from './market-fixture.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A Wednesday 10:30, the close of the same day, two sessions later, and nine days later. */
const INSTANTS = [0, 5.4 * HOUR, 2 * DAY + 2 * HOUR, 9 * DAY + 4 * HOUR];

interface Findings {
  american: number;
  belowExercise: string[];
  notRepriced: string[];
  greeksOff: string[];
  greeksChecked: number;
}

function inspect(f: SnapshotFrame): Findings {
  const { options: o, groups: g, underlyings: u } = f;
  const found: Findings = {
    american: 0,
    belowExercise: [],
    notRepriced: [],
    greeksOff: [],
    greeksChecked: 0,
  };
  for (let ui = 0; ui < u.kind.length; ui++) {
    const style = exerciseStyleOf(u.kind[ui] as number);
    const american = style === ExerciseStyle.American;
    const S = u.last[ui] as number;
    for (let gi = u.groupStart[ui] as number; gi < (u.groupEnd[ui] as number); gi++) {
      const T = g.years[gi] as number;
      const r = -Math.log(g.discount[gi] as number) / T;
      const q = r - Math.log((g.forward[gi] as number) / S) / T;
      for (let i = g.start[gi] as number; i < (g.end[gi] as number); i++) {
        const call = o.right[i] === 1;
        const K = o.strike[i] as number;
        const bid = o.bid[i] as number;
        const ask = o.ask[i] as number;
        const exercise = Math.max(call ? S - K : K - S, 0);
        if (american) {
          found.american++;
          if (bid < exercise - 1e-9 || ask < exercise - 1e-9)
            found.belowExercise.push(`${i}: ${bid}/${ask} < ${exercise}`);
        }
        // The model price on one row in four keeps the test quick (the scalar path is the slow one).
        if (i % 4 !== 0) continue;
        const iv = o.iv[i] as number;
        // The model of the option's style at the chain's vol: its price and greeks.
        const model = greeksByStyle(style, call, S, K, T, r, q, iv);
        // The frame's spot is rounded to the cent, and q recovered from the forward with it: the
        // chain priced at a spot up to half a cent away (and the q that goes with it), which can
        // move an option across the edges of the American model (premium $0.0005, the exercise
        // trigger). The chain's greeks are checked where the American and BSM ones differ
        // materially: they must be the American ones at one of the spots the chain may have used.
        if (american && T > 90 / 365) {
          const bsm = greeksByStyle(ExerciseStyle.European, call, S, K, T, r, q, iv);
          const F = g.forward[gi] as number;
          const candidates = [-0.005, 0, 0.005].map((dS) =>
            greeksByStyle(style, call, S + dS, K, T, r, r - Math.log(F / (S + dS)) / T, iv),
          );
          // Within a share of the gap (theta, a sum of terms in q and S, moves most with them).
          for (const [name, material, share] of [
            ['delta', 0.005, 0.2],
            ['theta', 0.001, 0.25],
            ['vega', 0.005, 0.1],
          ] as const) {
            const gap = Math.abs(model[name] - bsm[name]);
            if (gap < material) continue;
            found.greeksChecked++;
            const chain = o[name][i] as number;
            if (!candidates.some((c) => Math.abs(chain - c[name]) <= share * gap))
              found.greeksOff.push(`${i} ${name}: ${chain}, American ${model[name]}, BSM ${bsm[name]}`);
          }
        }
        // The bid of an American option may sit up to a tick above the model price (exercise floor).
        const tick = american && bid > 0 ? 0.05 : 0;
        if (!(model.price <= ask + 1e-6 && model.price >= bid - tick - 1e-6))
          found.notRepriced.push(`${i}: ${bid}/${ask} theo ${model.price} at iv ${iv}`);
      }
    }
  }
  return found;
}

test('no American bid or ask below exercise value, the reported IV reprices the quote and the greeks are the model greeks at that IV, across S', () => {
  let now = WEDNESDAY_1030;
  const market = createSimulatedMarket({ seed: 11, universe: 'S', hours: 'always' }, { clock: () => now });
  for (const offset of INSTANTS) {
    now = WEDNESDAY_1030 + offset;
    const found = inspect(market.snapshot().front());
    expect(found.american).toBeGreaterThan(100_000);
    expect(found.belowExercise.slice(0, 5)).toEqual([]);
    expect(found.notRepriced.slice(0, 5)).toEqual([]);
    expect(found.greeksOff.slice(0, 5)).toEqual([]);
    expect(found.greeksChecked).toBeGreaterThan(1000);
  }
}, 120_000);
