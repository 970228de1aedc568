/**
 * American options in the simulated market, over the whole S universe at several instants: no bid or
 * ask below the exercise value, and the IV the chain reports reprices the quote under the chain's
 * pricing rule (the American model where the European price is below the exercise value).
 */
import { expect, test } from 'vitest';
import { ExerciseStyle, exerciseStyleOf } from '#domain/contracts/exercise-style.ts';
import { americanPrice } from '#domain/pricing/american.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';
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
}

function inspect(f: SnapshotFrame): Findings {
  const { options: o, groups: g, underlyings: u } = f;
  const found: Findings = { american: 0, belowExercise: [], notRepriced: [] };
  for (let ui = 0; ui < u.kind.length; ui++) {
    const american = exerciseStyleOf(u.kind[ui] as number) === ExerciseStyle.American;
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
        // The chain's rule: the European price, or the American one where the European price is
        // below the exercise value.
        const european = bsPrice(call, S, K, T, r, q, iv);
        // At the rule's edge (European price within a cent of the exercise value) the chain's own
        // arithmetic may fall on either side: either price may be the one it quoted around.
        const theos =
          american && european < exercise + 0.01
            ? [european, americanPrice(call, S, K, T, r, q, iv)]
            : [european];
        // The bid of an American option may sit up to a tick above the model price (exercise floor).
        const tick = american && bid > 0 ? 0.05 : 0;
        const theo = theos.find((t) => t <= ask + 1e-6 && t >= bid - tick - 1e-6);
        if (theo === undefined)
          found.notRepriced.push(`${i}: ${bid}/${ask} theo ${theos.join(' or ')} at iv ${iv}`);
      }
    }
  }
  return found;
}

test('no American bid or ask below exercise value, and the reported IV reprices the quote, across S', () => {
  let now = WEDNESDAY_1030;
  const market = createSimulatedMarket({ seed: 11, universe: 'S', hours: 'always' }, { clock: () => now });
  for (const offset of INSTANTS) {
    now = WEDNESDAY_1030 + offset;
    const found = inspect(market.snapshot().front());
    expect(found.american).toBeGreaterThan(100_000);
    expect(found.belowExercise.slice(0, 5)).toEqual([]);
    expect(found.notRepriced.slice(0, 5)).toEqual([]);
  }
}, 120_000);
