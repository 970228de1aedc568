/**
 * Writing the underlying rows of a snapshot: the static columns of a session, and copying the
 * live columns of untouched underlyings (with their groups and options) from frame to frame.
 */

import { GROUP_LIVE, OPTION_LIVE, UNDERLYING_LIVE, type UnderlyingColumns } from '#engine/snapshot-layout.ts';
import { dayOf } from './calendar.ts';
import type { DividendEvent } from './provider.ts';
import type { SessionStatics } from './session-statics.ts';
import type { SnapshotFrame } from './snapshot.ts';
import type { UnderlyingSpec } from './universe.ts';

/** Writes the static columns of underlying row i. */
export function writeUnderlyingStatics(
  u: UnderlyingColumns,
  i: number,
  s: UnderlyingSpec,
  st: SessionStatics,
  row: { readonly industry: number; readonly prevClose: number; readonly dividend: DividendEvent | null },
): void {
  const f = st.fundamentals;
  const t = st.technicals;
  u.kind[i] = s.kind;
  u.sector[i] = s.sector;
  u.industry[i] = row.industry;
  u.synthetic[i] = s.synthetic ? 1 : 0;
  u.hasWeeklies[i] = s.tier <= 2 ? 1 : 0;
  u.sp500[i] = s.sp500 ? 1 : 0;
  u.nasdaq100[i] = s.nasdaq100 ? 1 : 0;
  u.prevClose[i] = row.prevClose;
  u.marketCap[i] = f.marketCap;
  u.pe[i] = f.pe;
  u.forwardPe[i] = f.forwardPe;
  u.peg[i] = f.peg;
  u.priceSales[i] = f.priceSales;
  u.priceBook[i] = f.priceBook;
  u.priceFreeCashFlow[i] = f.priceFreeCashFlow;
  u.epsTtm[i] = f.epsTtm;
  u.epsGrowthThisYear[i] = f.epsGrowthThisYear;
  u.epsGrowthNextYear[i] = f.epsGrowthNextYear;
  u.epsGrowthPast5y[i] = f.epsGrowthPast5y;
  u.epsGrowthNext5y[i] = f.epsGrowthNext5y;
  u.epsGrowthQoq[i] = f.epsGrowthQoq;
  u.salesGrowthPast5y[i] = f.salesGrowthPast5y;
  u.salesGrowthQoq[i] = f.salesGrowthQoq;
  u.grossMargin[i] = f.grossMargin;
  u.operatingMargin[i] = f.operatingMargin;
  u.netMargin[i] = f.netMargin;
  u.returnOnEquity[i] = f.returnOnEquity;
  u.returnOnAssets[i] = f.returnOnAssets;
  u.debtEquity[i] = f.debtEquity;
  u.longTermDebtEquity[i] = f.longTermDebtEquity;
  u.currentRatio[i] = f.currentRatio;
  u.quickRatio[i] = f.quickRatio;
  u.payoutRatio[i] = f.payoutRatio;
  u.dividendYield[i] = f.dividendYield;
  u.beta[i] = f.beta;
  u.insiderTransactions[i] = f.insiderTransactions;
  u.institutionalTransactions[i] = f.institutionalTransactions;
  u.averageVolume[i] = f.averageVolume;
  u.ipoDate[i] = f.ipoDate ? dayOf(f.ipoDate) : Number.NaN;
  u.rsi14[i] = t.rsi14;
  u.sma20[i] = t.sma20;
  u.sma50[i] = t.sma50;
  u.sma200[i] = t.sma200;
  u.ema20[i] = t.ema20;
  u.ema50[i] = t.ema50;
  u.ema200[i] = t.ema200;
  u.smaCross50200[i] = t.smaCross50200;
  u.emaCross50200[i] = t.emaCross50200;
  u.maPercentile200[i] = t.maPercentile200;
  u.macd[i] = t.macd;
  u.macdSignal[i] = t.macdSignal;
  u.macdHistogram[i] = t.macdHistogram;
  u.stochK[i] = t.stochK;
  u.stochD[i] = t.stochD;
  u.bollingerUpper[i] = t.bollingerUpper;
  u.bollingerMiddle[i] = t.bollingerMiddle;
  u.bollingerLower[i] = t.bollingerLower;
  u.bollingerPercentB[i] = t.bollingerPercentB;
  u.atr[i] = t.atr;
  u.std21[i] = t.std21;
  u.rv[i] = t.rv21;
  u.rvRank[i] = st.rvRank;
  u.skew[i] = st.skew;
  u.skewRank[i] = st.skewRank;
  u.drift[i] = s.drift;
  u.earningsDate[i] = st.nextEarnings;
  u.previousEarningsDate[i] = st.previousEarnings;
  const div = row.dividend;
  u.exDividendDate[i] = div ? dayOf(div.exDate) : Number.NaN;
  u.dividendAmount[i] = div ? div.amount : Number.NaN;
  const a = st.analyst;
  u.analystRecommendation[i] = a ? a.recommendation : Number.NaN;
  u.analystChangeWeek[i] = a ? a.changeWeek : Number.NaN;
  u.analystChangeMonth[i] = a ? a.changeMonth : Number.NaN;
  u.analystChange6m[i] = a ? a.change6m : Number.NaN;
  u.targetPrice[i] = a ? a.targetPrice : Number.NaN;
  u.scoreFundamental[i] = st.scores?.fundamental ?? Number.NaN;
  u.scoreGrowth[i] = st.scores?.growth ?? Number.NaN;
  u.scoreTechnical[i] = st.scores?.technical ?? Number.NaN;
}

/** Copies the live columns of underlyings [a, b) (their groups and options) from one frame to another. */
export function copyLiveRows(from: SnapshotFrame, to: SnapshotFrame, a: number, b: number): void {
  const u = from.underlyings;
  const o0 = u.optionStart[a] as number;
  const o1 = u.optionEnd[b - 1] as number;
  const g0 = u.groupStart[a] as number;
  const g1 = u.groupEnd[b - 1] as number;
  for (const name of OPTION_LIVE_NAMES) to.options[name].set(from.options[name].subarray(o0, o1), o0);
  for (const name of GROUP_LIVE_NAMES) to.groups[name].set(from.groups[name].subarray(g0, g1), g0);
  for (const name of UNDERLYING_LIVE_NAMES)
    to.underlyings[name].set(from.underlyings[name].subarray(a, b), a);
}

const OPTION_LIVE_NAMES = Object.keys(OPTION_LIVE) as (keyof typeof OPTION_LIVE)[];
const GROUP_LIVE_NAMES = Object.keys(GROUP_LIVE) as (keyof typeof GROUP_LIVE)[];
const UNDERLYING_LIVE_NAMES = Object.keys(UNDERLYING_LIVE) as (keyof typeof UNDERLYING_LIVE)[];
