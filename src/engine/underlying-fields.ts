/**
 * Underlying-level datapoints (the filter and column names of the Descriptive, Technical,
 * Fundamental and Consolidated Options categories) read from a snapshot frame. Numbers are in the
 * catalogue's stored units (fractions for percents, dollars per share, dates as epoch days); a
 * missing value is NaN. Choices where the feed has no direct column are in docs/ENGINE.md.
 */
import type { MarketView } from './market-view.ts';

type Getter = (v: MarketView, u: number) => number;

const ratio = (num: number, den: number): number =>
  den !== 0 && Number.isFinite(den) ? num / den : Number.NaN;
const distance = (price: number, level: number): number => ratio(price - level, level);
const clamp01 = (x: number): number => Math.min(1, Math.max(0, x));

/** Every numeric underlying datapoint by name. */
export const UNDERLYING_NUMBERS: Readonly<Record<string, Getter>> = {
  // Descriptive.
  sector_id: (v, u) => v.cols.underlyings.sector[u]!,
  sector: (v, u) => v.cols.underlyings.sector[u]!,
  type_id: (v, u) => v.cols.underlyings.kind[u]!,
  weekly_options: (v, u) => v.cols.underlyings.hasWeeklies[u]!,
  earnings_date: (v, u) => v.cols.underlyings.earningsDate[u]!,
  earnings_date_picker: (v, u) => v.cols.underlyings.earningsDate[u]!,
  divnq: (v, u) => v.cols.underlyings.dividendAmount[u]!,
  divnqxdt: (v, u) => v.cols.underlyings.exDividendDate[u]!,
  ipo_date: (v, u) => v.cols.underlyings.ipoDate[u]!,
  analyst_recommendation: (v, u) => v.cols.underlyings.analystRecommendation[u]!,
  analyst_recommendation_change_1w: (v, u) => v.cols.underlyings.analystChangeWeek[u]!,
  analyst_recommendation_change_1m: (v, u) => v.cols.underlyings.analystChangeMonth[u]!,
  analyst_recommendation_change_6m: (v, u) => v.cols.underlyings.analystChange6m[u]!,
  target_price: (v, u) => v.cols.underlyings.targetPrice[u]!,
  target_price_percent: (v, u) => distance(v.cols.underlyings.targetPrice[u]!, v.cols.underlyings.last[u]!),
  stock_score_fundamental: (v, u) => v.cols.underlyings.scoreFundamental[u]!,
  stock_score_growth: (v, u) => v.cols.underlyings.scoreGrowth[u]!,
  stock_score_technical: (v, u) => v.cols.underlyings.scoreTechnical[u]!,
  stock_rating: () => Number.NaN,

  // Technical.
  stock_last: (v, u) => v.cols.underlyings.last[u]!,
  stock_change: (v, u) => v.cols.underlyings.changePercent[u]!,
  stock_bid: (v, u) => v.cols.underlyings.bid[u]!,
  stock_ask: (v, u) => v.cols.underlyings.ask[u]!,
  stock_open: (v, u) => v.cols.underlyings.open[u]!,
  stock_high: (v, u) => v.cols.underlyings.high[u]!,
  stock_low: (v, u) => v.cols.underlyings.low[u]!,
  stock_prev_close: (v, u) => v.cols.underlyings.prevClose[u]!,
  stock_volume: (v, u) => v.cols.underlyings.volume[u]!,
  average_volume: (v, u) => v.cols.underlyings.averageVolume[u]!,
  volume_power: (v, u) => ratio(v.cols.underlyings.volume[u]!, v.cols.underlyings.averageVolume[u]!),
  atr_dollar: (v, u) => v.cols.underlyings.atr[u]!,
  atr_percent: (v, u) => ratio(v.cols.underlyings.atr[u]!, v.cols.underlyings.last[u]!),
  std21: (v, u) => v.cols.underlyings.rv[u]!,
  beta: (v, u) => v.cols.underlyings.beta[u]!,
  performance_month: (v, u) => v.cols.underlyings.perfMonth[u]!,
  performance_quarter: (v, u) => v.cols.underlyings.perfQuarter[u]!,
  performance_half_year: (v, u) => v.cols.underlyings.perfHalf[u]!,
  performance_year: (v, u) => v.cols.underlyings.perfYear[u]!,
  performance_ytd: (v, u) => v.cols.underlyings.perfYtd[u]!,
  week_52_high: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.high52w[u]!),
  week_52_low: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.low52w[u]!),
  stock_position: (v, u) => {
    const c = v.cols.underlyings;
    return ratio(c.last[u]! - c.low52w[u]!, c.high52w[u]! - c.low52w[u]!);
  },
  simple_moving_avg_20_day: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.sma20[u]!),
  simple_moving_avg_50_day: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.sma50[u]!),
  simple_moving_avg_200_day: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.sma200[u]!),
  // Indicator columns with their default parameters (an indicator filter's own parameters win).
  rsi: (v, u) => v.cols.underlyings.rsi14[u]!,
  ma: (v, u) => distance(v.cols.underlyings.last[u]!, v.cols.underlyings.sma200[u]!),
  ma_percentile: (v, u) => v.cols.underlyings.maPercentile200[u]!,
  ma_crossover: (v, u) => v.cols.underlyings.smaCross50200[u]!,
  macd: (v, u) => v.cols.underlyings.macdHistogram[u]!,
  stochastic: (v, u) => v.cols.underlyings.stochK[u]!,
  bollinger: (v, u) => v.cols.underlyings.bollingerPercentB[u]!,

  // Fundamental.
  market_cap: (v, u) => v.cols.underlyings.marketCap[u]!,
  p_e: (v, u) => v.cols.underlyings.pe[u]!,
  forward_p_e: (v, u) => v.cols.underlyings.forwardPe[u]!,
  peg: (v, u) => v.cols.underlyings.peg[u]!,
  p_s: (v, u) => v.cols.underlyings.priceSales[u]!,
  p_b: (v, u) => v.cols.underlyings.priceBook[u]!,
  price_book_ratio: (v, u) => v.cols.underlyings.priceBook[u]!,
  price_free_cash_flow: (v, u) => v.cols.underlyings.priceFreeCashFlow[u]!,
  eps_ttm: (v, u) => v.cols.underlyings.epsTtm[u]!,
  eps_growth_this_year: (v, u) => v.cols.underlyings.epsGrowthThisYear[u]!,
  eps_growth_next_year: (v, u) => v.cols.underlyings.epsGrowthNextYear[u]!,
  eps_growth_past_5y: (v, u) => v.cols.underlyings.epsGrowthPast5y[u]!,
  eps_growth_next_5y: (v, u) => v.cols.underlyings.epsGrowthNext5y[u]!,
  eps_growth_qoq: (v, u) => v.cols.underlyings.epsGrowthQoq[u]!,
  sales_growth_past_5y: (v, u) => v.cols.underlyings.salesGrowthPast5y[u]!,
  sales_growth_qoq: (v, u) => v.cols.underlyings.salesGrowthQoq[u]!,
  gross_margin: (v, u) => v.cols.underlyings.grossMargin[u]!,
  operating_margin: (v, u) => v.cols.underlyings.operatingMargin[u]!,
  profit_margin: (v, u) => v.cols.underlyings.netMargin[u]!,
  roe: (v, u) => v.cols.underlyings.returnOnEquity[u]!,
  return_on_equity: (v, u) => v.cols.underlyings.returnOnEquity[u]!,
  return_on_assets: (v, u) => v.cols.underlyings.returnOnAssets[u]!,
  return_on_investment: () => Number.NaN,
  current_ratio: (v, u) => v.cols.underlyings.currentRatio[u]!,
  quick_ratio: (v, u) => v.cols.underlyings.quickRatio[u]!,
  debt_equity: (v, u) => v.cols.underlyings.debtEquity[u]!,
  lt_debt_equity: (v, u) => v.cols.underlyings.longTermDebtEquity[u]!,
  payout: (v, u) => v.cols.underlyings.payoutRatio[u]!,
  payout_ratio: (v, u) => v.cols.underlyings.payoutRatio[u]!,
  dividend_yield: (v, u) => v.cols.underlyings.dividendYield[u]!,
  insider_transactions: (v, u) => v.cols.underlyings.insiderTransactions[u]!,
  institutional_transactions: (v, u) => v.cols.underlyings.institutionalTransactions[u]!,

  // Consolidated options data.
  stock_iv: (v, u) => v.cols.underlyings.iv[u]!,
  stock_iv_pr: (v, u) => v.cols.underlyings.ivRank[u]!,
  stock_rv: (v, u) => v.cols.underlyings.rv[u]!,
  stock_rv_pr: (v, u) => v.cols.underlyings.rvRank[u]!,
  stock_iv_rv: (v, u) => v.cols.underlyings.ivRv[u]!,
  stock_skew: (v, u) => v.cols.underlyings.skew[u]!,
  stock_skew_pr: (v, u) => v.cols.underlyings.skewRank[u]!,
  expected_move: (v, u) => ratio(v.cols.underlyings.expectedMove[u]!, v.cols.underlyings.last[u]!),
  // A 1–10 grade of premium richness: the mean of the IV rank and of IV/RV mapped from 0.5…1.5 to 0…1.
  volatility_score: (v, u) => {
    const c = v.cols.underlyings;
    const rich = clamp01(c.ivRv[u]! - 0.5);
    return 1 + Math.round(9 * ((clamp01(c.ivRank[u]!) + rich) / 2));
  },
  total_oi: (v, u) => v.cols.underlyings.totalOpenInterest[u]!,
  total_vol: (v, u) => v.cols.underlyings.totalOptionVolume[u]!,
};

/** Text datapoints of an underlying; `name` comes from the provider's universe (main thread). */
export const UNDERLYING_TEXTS: Readonly<Record<string, (v: MarketView, u: number) => string>> = {
  underlying: (v, u) => v.symbols[u]!,
  industry: (v, u) => v.industries[v.cols.underlyings.industry[u]!] ?? '',
};
