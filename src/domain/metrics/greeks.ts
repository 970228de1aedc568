/**
 * Greeks of a position, per share of the position: Σ weight × the leg's greek at its own IV and
 * time to its own expiry, under the model of its exercise style (`greeksByStyle`: the
 * early-exercise model for American options, Black-Scholes-Merton for European ones, as the chain
 * quotes them); a share has delta 1 and no other greek. Units as in
 * pricing/black-scholes.ts: delta per $1 of the underlying, gamma per $1, theta per calendar day,
 * vega per vol point, rho per rate point. A 1-lot long call of delta 0.5 has position delta 0.5
 * (50 shares' worth).
 */
import { ExerciseStyle } from '../contracts/exercise-style.ts';
import { greeksByStyle } from '../pricing/american.ts';
import type { Greeks } from '../pricing/black-scholes.ts';
import { MS_PER_YEAR, type Position, type PositionLeg } from './position.ts';

const STOCK_GREEKS: Greeks = { price: 0, delta: 1, gamma: 0, theta: 0, vega: 0, rho: 0 };

/** One leg's greeks per share, unweighted (a long unit); `price` is the model value. */
export function legGreeks(pos: Position, leg: PositionLeg): Greeks {
  if (leg.kind === 'stock') return { ...STOCK_GREEKS, price: pos.spot };
  const T = Math.max(leg.expiryMs - pos.asOfMs, 0) / MS_PER_YEAR;
  const style = pos.american ? ExerciseStyle.American : ExerciseStyle.European;
  return greeksByStyle(style, leg.isCall, pos.spot, leg.strike, T, pos.rate, pos.dividendYield, leg.iv);
}

export interface PositionGreeks {
  readonly delta: number;
  readonly gamma: number;
  readonly theta: number;
  readonly vega: number;
  readonly rho: number;
}

/** Σ weight × greek over the legs; `perLeg` are the legs' own greeks (see legGreeks). */
export function positionGreeks(pos: Position, perLeg: readonly Greeks[]): PositionGreeks {
  let delta = 0;
  let gamma = 0;
  let theta = 0;
  let vega = 0;
  let rho = 0;
  pos.legs.forEach((leg, i) => {
    const g = perLeg[i]!;
    delta += leg.weight * g.delta;
    gamma += leg.weight * g.gamma;
    theta += leg.weight * g.theta;
    vega += leg.weight * g.vega;
    rho += leg.weight * g.rho;
  });
  return { delta, gamma, theta, vega, rho };
}
