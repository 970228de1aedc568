/**
 * Lays out the listed option series of a session into a fresh snapshot: the static columns
 * (strikes, rights, expirations, open interest, ranges) and the simulator's private per-option
 * arrays (ln K, expected daily volume). Listings are per underlying: its expirations, each with a
 * strike grid; strikes listed on an earlier day stay listed until expiry.
 */
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { isoOf } from './calendar.ts';
import { EXPIRATION_TYPE_CODE, type ExpirationType } from './expirations.ts';
import { contractWeight, dailyTurnover, expiryWeight, type OiClass } from './open-interest.ts';
import type { MarketModel } from './reference-data.ts';
import { rngFor } from './rng.ts';
import { MarketSnapshot } from './snapshot.ts';

/**
 * A name's term tilt, (days/30)^tilt, weighs the expirations of its last week as if 7 days out:
 * the power law grows without bound towards 0 days, and expirations inside a week trade about six
 * times their open interest a day, so a name leaning short held up to 39% of its open interest
 * there (the real chains: 7% to 14%) and traded three times its open interest in a day.
 */
const OI_TILT_FLOOR_DAYS = 7;

export interface ListedSeries {
  readonly day: number;
  readonly type: ExpirationType;
  /** Ascending. */
  readonly strikes: readonly number[];
}

export interface UnderlyingListing {
  readonly symbol: string;
  readonly series: readonly ListedSeries[];
  /** Total open interest of the chain. */
  readonly totalOpenInterest: number;
  /** Where its class holds open interest (by moneyness and term). */
  readonly oiClass: OiClass;
  /** The name's lean of open interest to long expirations and its concentration near the money. */
  readonly oiTermTilt: number;
  readonly oiConcentration: number;
  /** Spot and ATM standard deviation per series (σ√T) used to place open interest. */
  readonly spot: number;
  readonly stdevs: readonly number[];
  readonly forwards: readonly number[];
}

export interface ChainLayout {
  readonly snapshot: MarketSnapshot;
  readonly lnK: Float64Array;
  /** Expected contracts traded over the whole session. */
  readonly volumeTarget: Float32Array;
  /** Expiry instant (epoch ms) per group. */
  readonly groupExpiry: Float64Array;
  /** Day number of each group's expiration. */
  readonly groupDay: Int32Array;
}

export function buildChainLayout(
  listings: readonly UnderlyingListing[],
  industries: readonly string[],
  model: MarketModel,
  seed: number,
  sessionDay: number,
  layoutId: number,
): ChainLayout {
  const expirationDays = [...new Set(listings.flatMap((l) => l.series.map((s) => s.day)))].sort(
    (a, b) => a - b,
  );
  const expIndex = new Map(expirationDays.map((d, i) => [d, i]));
  let optionCount = 0;
  let groupCount = 0;
  for (const l of listings) {
    groupCount += l.series.length;
    for (const s of l.series) optionCount += 2 * s.strikes.length;
  }
  const snapshot = MarketSnapshot.create(
    {
      optionCount,
      groupCount,
      symbols: listings.map((l) => l.symbol),
      expirations: expirationDays.map(isoOf),
      industries,
    },
    layoutId,
  );
  const f = snapshot.front();
  const o = f.options;
  const g = f.groups;
  const u = f.underlyings;
  const lnK = new Float64Array(optionCount);
  const volumeTarget = new Float32Array(optionCount);
  const groupExpiry = new Float64Array(groupCount);
  const groupDay = new Int32Array(groupCount);
  const oi = model.openInterest;
  let row = 0;
  let gi = 0;
  listings.forEach((l, ui) => {
    u.optionStart[ui] = row;
    u.groupStart[ui] = gi;
    const weights = l.series.map(
      (s) =>
        expiryWeight(oi, l.oiClass, s.day - sessionDay, s.type === 'monthly') *
        (Math.max(s.day - sessionDay, OI_TILT_FLOOR_DAYS) / 30) ** l.oiTermTilt,
    );
    const weightSum = weights.reduce((a, b) => a + b, 0) || 1;
    let chainOi = 0;
    l.series.forEach((s, si) => {
      const rng = rngFor(seed, 'open-interest', l.symbol, s.day, sessionDay);
      const days = Math.max(s.day - sessionDay, 0.5);
      const stdev = l.stdevs[si] as number;
      const forward = l.forwards[si] as number;
      g.underlying[gi] = ui;
      g.expiration[gi] = expIndex.get(s.day) as number;
      g.type[gi] = EXPIRATION_TYPE_CODE[s.type];
      g.start[gi] = row;
      groupExpiry[gi] = expiryInstant(isoOf(s.day));
      groupDay[gi] = s.day;
      // Split the expiration's open interest over its contracts by moneyness, round strikes and noise.
      const seriesOi = (l.totalOpenInterest * (weights[si] as number)) / weightSum;
      const start = row;
      const raw: number[] = [];
      s.strikes.forEach((strike, j) => {
        const k = Math.log(strike / forward) / stdev;
        // Round strikes draw more open interest than their neighbours: multiples of 5 and 10 of the
        // local step (so a chain's coarse far strikes are not all favoured over its fine near ones).
        const step = localStep(s.strikes, j);
        const round = isMultiple(strike, 10 * step) ? 1.6 : isMultiple(strike, 5 * step) ? 1.25 : 1;
        for (const isCall of [true, false]) {
          const otm = isCall ? k : -k;
          raw.push(contractWeight(oi, l.oiClass, otm) ** l.oiConcentration * round * rng.lognormal(0.6));
          o.underlying[row] = ui;
          o.group[row] = gi;
          o.expiration[row] = g.expiration[gi] as number;
          o.strike[row] = strike;
          o.right[row] = isCall ? 1 : 0;
          lnK[row] = Math.log(strike);
          volumeTarget[row] = dailyTurnover(oi, days, otm) * rng.lognormal(0.7);
          row++;
        }
      });
      const rawSum = raw.reduce((a, b) => a + b, 0) || 1;
      for (let i = start; i < row; i++) {
        const contracts = Math.round((seriesOi * (raw[i - start] as number)) / rawSum);
        o.openInterest[i] = contracts;
        chainOi += contracts;
        // Volume is a turnover of open interest, at least a little where nothing is open yet.
        volumeTarget[i] = (volumeTarget[i] as number) * Math.max(contracts, 2);
      }
      g.end[gi] = row;
      gi++;
    });
    u.optionEnd[ui] = row;
    u.groupEnd[ui] = gi;
    u.totalOpenInterest[ui] = chainOi;
  });
  return { snapshot, lnK, volumeTarget, groupExpiry, groupDay };
}

/** The smaller gap to a neighbouring strike (the grid's increment there). */
function localStep(strikes: readonly number[], j: number): number {
  const k = strikes[j] as number;
  const below = j > 0 ? k - (strikes[j - 1] as number) : Number.POSITIVE_INFINITY;
  const above = j + 1 < strikes.length ? (strikes[j + 1] as number) - k : Number.POSITIVE_INFINITY;
  const step = Math.min(below, above);
  return Number.isFinite(step) ? step : k;
}

function isMultiple(x: number, of: number): boolean {
  const r = x / of;
  return Math.abs(r - Math.round(r)) < 1e-9;
}
