/**
 * Fits where each class of underlying holds its open interest (model.json `openInterest.classes`)
 * on the realism table's chains: funds and indexes on SPY and QQQ, stocks on AAPL. Each class
 * multiplies the pooled per-contract table by a factor per u bucket and the expiry shares by a
 * factor per term bin; the factors move, round after round, by the ratio of the real chains'
 * share of open interest in that bucket to the simulated chains' (realism.json keeps the real
 * shares), until the simulated chains hold their open interest where the real ones do.
 */
import type { MarketModel, ReferenceData } from '../reference-data.ts';
import { chainStats, openInterestProfile } from './chain-stats.ts';
import { oiPerContractNearFar } from './realism.ts';
import type { RealChains } from './realism-doc.ts';
import { simulatedSample } from './samples.ts';

type Classes = MarketModel['openInterest']['classes'];
type ClassName = keyof Classes;

const ROUNDS = 12;
/** Damping of each round's step (a full step overshoots: the buckets share one total). */
const STEP = 0.8;
/** Term bins of the model (< 7, 7–30, 30–90, 90–365, 365–1000, ≥ 1000 days) onto the profile's (the last two share > 365). */
const PROFILE_OF_TERM_BIN = [0, 1, 2, 3, 4, 4] as const;

export function fitOpenInterestClasses(real: RealChains, reference: ReferenceData): Classes {
  const classOf = (symbol: string): ClassName =>
    reference.symbols.find((s) => s.symbol === symbol)?.kind === 1 ? 'stock' : 'fund';
  const uBins = reference.model.openInterest.perContractByU.length;
  const classes: Record<ClassName, { byU: number[]; byTerm: number[] }> = {
    fund: { byU: new Array<number>(uBins).fill(1), byTerm: new Array<number>(6).fill(1) },
    stock: { byU: new Array<number>(uBins).fill(1), byTerm: new Array<number>(6).fill(1) },
  };
  for (let round = 0; round <= ROUNDS; round++) {
    const model = { ...reference.model, openInterest: { ...reference.model.openInterest, classes } };
    const sums = {
      fund: { realU: zeros(uBins), simU: zeros(uBins), realT: zeros(5), simT: zeros(5), real: 0, sim: 0 },
      stock: { realU: zeros(uBins), simU: zeros(uBins), realT: zeros(5), simT: zeros(5), real: 0, sim: 0 },
    };
    for (const [symbol, r] of Object.entries(real)) {
      const stats = chainStats(simulatedSample(symbol, Date.parse(r.asOf), { ...reference, model }));
      const sim = openInterestProfile(stats);
      const s = sums[classOf(symbol)];
      add(s.realU, r.oiByU);
      add(s.simU, sim.byU);
      add(s.realT, r.oiByTerm);
      add(s.simT, sim.byDte);
      s.real += Math.log(r.oiPerContractNearFar);
      s.sim += Math.log(oiPerContractNearFar(stats));
    }
    for (const name of ['fund', 'stock'] as const) stepClass(classes[name], sums[name], round === ROUNDS);
  }
  // A class fitted on a single chain (the stocks, on AAPL) keeps half its moneyness factors in logs:
  // one chain's far strikes are too few to shape every stock's (their terms it keeps whole).
  const chains = (name: ClassName) => Object.keys(real).filter((s) => classOf(s) === name).length;
  const round3 = (xs: readonly number[]) => xs.map((x) => Math.round(x * 1000) / 1000);
  const byU = (name: ClassName) =>
    round3(chains(name) > 1 ? classes[name].byU : normalise(classes[name].byU.map(Math.sqrt)));
  return {
    fund: { byU: byU('fund'), byTerm: round3(classes.fund.byTerm) },
    stock: { byU: byU('stock'), byTerm: round3(classes.stock.byTerm) },
  };
}

/** What one round measured for a class, summed over its chains. */
export interface ClassSums {
  /** Shares of open interest by u bucket and by term bucket, real and simulated. */
  readonly realU: readonly number[];
  readonly simU: readonly number[];
  readonly realT: readonly number[];
  readonly simT: readonly number[];
  /** Sums of ln(open interest per contract near / far), real and simulated. */
  readonly real: number;
  readonly sim: number;
}

/**
 * One round of a class's factors (in place). Where the chains list fewer far strikes than the real
 * ones, their share of open interest beyond three standard deviations can only be met by loading
 * each far contract more than a real one: the far buckets are held to the real chains' open
 * interest per contract near the money over beyond three standard deviations (a screen on open
 * interest per contract must read the same), the shares met with what is left. The `final` round
 * only applies that hold.
 */
export function stepClass(c: { byU: number[]; byTerm: number[] }, s: ClassSums, final: boolean): void {
  const last = c.byU.length - 1;
  const farScale = s.sim < s.real ? Math.exp(s.sim - s.real) : 1;
  if (final) {
    c.byU[0] = (c.byU[0] as number) * farScale;
    c.byU[last] = (c.byU[last] as number) * farScale;
    return;
  }
  c.byU = normalise(
    c.byU.map((f, i) =>
      (i === 0 || i === last) && farScale < 1
        ? f * farScale
        : f * ratio(s.realU[i] as number, s.simU[i] as number),
    ),
  );
  c.byTerm = normalise(
    c.byTerm.map((f, i) => {
      const j = PROFILE_OF_TERM_BIN[i] as number;
      return f * ratio(s.realT[j] as number, s.simT[j] as number);
    }),
  );
}

const zeros = (n: number) => new Array<number>(n).fill(0);

function add(into: number[], xs: readonly number[]): void {
  xs.forEach((x, i) => {
    into[i] = (into[i] as number) + x;
  });
}

/** The damped step of one bucket's factor, 1 where either side holds nothing. */
function ratio(real: number, sim: number): number {
  return real > 0 && sim > 0 ? Math.min(4, Math.max(0.25, real / sim)) ** STEP : 1;
}

/** Factors scaled to a geometric mean of 1 (only their ratios matter), each within 1/30–30. */
function normalise(xs: readonly number[]): number[] {
  const g = Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);
  return xs.map((x) => Math.min(30, Math.max(1 / 30, x / g)));
}
