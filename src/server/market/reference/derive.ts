/**
 * Derives the simulator's reference data from the shared market-data folder. Run on demand:
 *
 *   node src/server/market/reference/derive.ts <path to data/market>
 *
 * It writes the files next to this script (committed; nothing reads the shared folder at run time):
 * - symbols.csv, fundamentals.csv, vix.csv: copied facts from open-licence files (ODC-PDDL, MIT);
 * - params.csv, model.json: parameters DERIVED from files whose licence is unclear (Yahoo-derived
 *   prices and option chains): volatilities, betas, drifts, last closes, average volumes, and the
 *   fitted smile, term-structure, spread, open-interest and volume shapes. No price series or quote
 *   from those files is shipped.
 * See SOURCES.md for the sources and docs/MARKET.md for the model.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Sector } from '#domain/filters/sectors.ts';
import { atmTotalVariance, maxEta, type SmileShape, ssviVol } from '../vol-surface.ts';
import {
  type ChainSample,
  chainStats,
  type ExpiryStat,
  median,
  realChainRows,
  U_BUCKETS,
} from './chain-stats.ts';
import { formatCsv, parseCsvRecords } from './csv.ts';
import { minimize } from './nelder-mead.ts';

/** Where the files are written: this folder, or the third argument (to compare a run first). */
const OUT = process.argv[3] ?? import.meta.dirname;
const TRADING_DAYS = 252;

// --- hand-written facts (public, well known) --------------------------------------------------

/** GICS sector names, as the S&P 500 constituents file spells them, onto the spec's sector codes. */
const SECTOR_BY_GICS: Readonly<Record<string, Sector>> = {
  'Information Technology': Sector.Technology,
  Financials: Sector.Financial,
  'Communication Services': Sector.CommunicationServices,
  'Consumer Discretionary': Sector.ConsumerCyclical,
  'Consumer Staples': Sector.ConsumerDefensive,
  Energy: Sector.Energy,
  Materials: Sector.BasicMaterials,
  Utilities: Sector.Utilities,
  'Real Estate': Sector.RealEstate,
  Industrials: Sector.Industrials,
  'Health Care': Sector.Healthcare,
};

/** Exchange-traded funds in the universe, with the spec sector code of the sector they track (0 = broad). */
const ETF_SECTORS: Record<string, number> = {
  SPY: 0,
  QQQ: 0,
  IWM: 0,
  DIA: 0,
  GLD: 0,
  TLT: 0,
  HYG: 0,
  LQD: 0,
  EEM: 0,
  ACWI: 0,
  VGK: 0,
  EWJ: 0,
  EWZ: 0,
  MCHI: 0,
  INDA: 0,
  IWD: 0,
  IWF: 0,
  XLK: 1,
  SMH: 1,
  SOXX: 1,
  XLF: 2,
  XLC: 3,
  XLY: 4,
  XLP: 6,
  XLE: 7,
  XLB: 8,
  XLU: 10,
  XLRE: 11,
  XLI: 14,
  XLV: 2361,
  XBI: 2361,
};

/**
 * Indexes. Levels come from the data where it has them (SPX spot in the ATM-IV file, VIX close);
 * the others are tied to their tracking ETF by the published divisor relations: the Mini-SPX is
 * SPX/10, DJX is the Dow Jones Industrial Average / 100 (≈ DIA), the Russell 2000 ≈ 10 × IWM,
 * the Nasdaq-100 ≈ 41 × QQQ (approximate: QQQ's ratio drifts with fees and splits).
 */
const INDEXES = [
  { symbol: 'SPX', name: 'S&P 500 Index', proxy: 'SPX', ratio: 1 },
  { symbol: 'XSP', name: 'Mini-SPX Index', proxy: 'SPX', ratio: 0.1 },
  { symbol: 'NDX', name: 'Nasdaq-100 Index', proxy: 'QQQ', ratio: 41 },
  { symbol: 'RUT', name: 'Russell 2000 Index', proxy: 'IWM', ratio: 10 },
  { symbol: 'DJX', name: 'Dow Jones Industrial Average (1/100)', proxy: 'DIA', ratio: 1 },
  { symbol: 'VIX', name: 'Cboe Volatility Index', proxy: 'VIX', ratio: 1 },
] as const;

/**
 * Dividend yields assumed for funds and indexes (the open fundamentals file covers stocks only).
 * Rounded typical trailing yields; documented as assumptions in SOURCES.md.
 */
const ASSUMED_YIELDS: Record<string, number> = {
  SPY: 0.012,
  SPX: 0.012,
  XSP: 0.012,
  QQQ: 0.006,
  NDX: 0.006,
  IWM: 0.011,
  RUT: 0.011,
  DIA: 0.016,
  DJX: 0.016,
  GLD: 0,
  TLT: 0.042,
  HYG: 0.058,
  LQD: 0.045,
  EEM: 0.022,
  ACWI: 0.017,
  VGK: 0.03,
  EWJ: 0.02,
  EWZ: 0.06,
  MCHI: 0.02,
  INDA: 0.01,
  IWD: 0.018,
  IWF: 0.005,
  XLK: 0.006,
  SMH: 0.004,
  SOXX: 0.006,
  XLF: 0.014,
  XLC: 0.009,
  XLY: 0.008,
  XLP: 0.026,
  XLE: 0.032,
  XLB: 0.019,
  XLU: 0.029,
  XLRE: 0.033,
  XLI: 0.013,
  XLV: 0.016,
  XBI: 0,
  VIX: 0,
};

/** Nasdaq-100 members outside the S&P 500 get a sector by hand (the MIT file holds only industries). */
const NDX_SECTORS: Record<string, number> = {
  ASML: 1,
  EA: 3,
  ARM: 1,
  TEAM: 1,
  SHOP: 1,
  ZS: 1,
  MSTR: 1,
  TRI: 14,
  CCEP: 6,
  FER: 14,
  ALNY: 2361,
  INSM: 2361,
  MELI: 4,
  PDD: 4,
};

// --- helpers ----------------------------------------------------------------------------------

/** Rounds to `digits` decimals; negative digits round to tens, hundreds, … */
const round = (v: number, digits: number) => {
  if (!Number.isFinite(v)) return Number.NaN;
  if (digits >= 0) return Number(v.toFixed(digits));
  const unit = 10 ** -digits;
  return Math.round(v / unit) * unit;
};
/**
 * Spot crypto funds, priced from the coin they hold: the coin's close on each NYSE trading day ×
 * coins per share (so a weekend's move lands in Monday's return, as the fund trades). IBIT holds
 * about 0.000568 BTC a share (the sponsor's published holdings in 2025; the reference data's
 * IBIT spot of 37.735 with BTC at 66,992 on 2026-02-11 gives 0.000563). The data has no ether
 * prices, so ETHA is assumed: bitcoin's path with log returns × 1.3 (ether's volatility has run
 * about 1.3× bitcoin's), at 0.03 BTC per ETH and 0.0076 ETH a share. Average volumes assumed.
 */
const CRYPTO_FUNDS = [
  { symbol: 'IBIT', coinPerShare: 0.000568, returnScale: 1, avgVolume: 45_000_000, basis: 'btc' },
  { symbol: 'ETHA', coinPerShare: 0.03 * 0.0076, returnScale: 1.3, avgVolume: 25_000_000, basis: 'assumed' },
] as const;

const num = (s: string | undefined) => (s === undefined || s === '' ? Number.NaN : Number(s));
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
function sd(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((a, b) => a + (b - m) ** 2, 0) / (xs.length - 1));
}

interface Bar {
  date: string;
  close: number;
  volume: number;
}

/** Long price file → per-symbol bars sorted by date. */
function readLong(path: string): Map<string, Bar[]> {
  const lines = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const head = (lines[0] ?? '').split(',');
  const iDate = head.indexOf('date');
  const iSym = head.indexOf('symbol');
  const iClose = head.indexOf('close');
  const iVol = head.indexOf('volume');
  const out = new Map<string, Bar[]>();
  for (let i = 1; i < lines.length; i++) {
    const c = (lines[i] as string).split(',');
    const sym = c[iSym] as string;
    const list = out.get(sym) ?? [];
    list.push({
      date: c[iDate] as string,
      close: Number(c[iClose]),
      volume: iVol >= 0 ? Number(c[iVol]) : Number.NaN,
    });
    out.set(sym, list);
  }
  for (const list of out.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return out;
}

/**
 * Daily log returns by date, merged over sources in priority order. Returns are taken within one
 * source only, so differently adjusted files are never spliced into a false jump.
 */
function mergedReturns(sources: readonly (Bar[] | undefined)[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const bars of sources) {
    if (!bars) continue;
    for (let i = 1; i < bars.length; i++) {
      const d = (bars[i] as Bar).date;
      if (!out.has(d)) out.set(d, Math.log((bars[i] as Bar).close / (bars[i - 1] as Bar).close));
    }
  }
  return new Map([...out].sort(([a], [b]) => a.localeCompare(b)));
}

// --- main -------------------------------------------------------------------------------------

const root = process.argv[2];
if (!root) {
  console.error('usage: node derive.ts <path to data/market>');
  process.exit(2);
}
const read = (p: string) => readFileSync(join(root, p), 'utf8');

// Symbols and fundamentals (open licences).
const constituents = parseCsvRecords(read('reference/sp500_constituents.csv'));
const financials = new Map(
  parseCsvRecords(read('reference/sp500_constituents_financials.csv')).map((r) => [r.Symbol, r]),
);
const ndx = parseCsvRecords(read('reference/nasdaq100_constituents.csv'));
const etfNames = new Map(
  parseCsvRecords(read('reference/us_listed_etfs.csv')).map((r) => [r.symbol, r.name]),
);

// Prices (licence unclear: only parameters derived from them are written).
const sp2023 = readLong(join(root, 'prices/sp500_daily_ohlcv_2023-2025.csv'));
const recent = readLong(join(root, 'prices/us_stocks_daily_ohlcv_2025-10_2026-08.csv'));
const etfOhlcv = readLong(join(root, 'prices/etf_daily_ohlcv_2026-03_2026-08.csv'));
const etfClose = readLong(join(root, 'prices/etf_daily_close_2024-06_2026-07.csv'));
const priceKey = (s: string) => s.replace('.', '-');
const sourcesOf = (s: string) => [
  recent.get(priceKey(s)),
  etfOhlcv.get(s),
  etfClose.get(s),
  sp2023.get(priceKey(s)),
];

const spyReturns = mergedReturns(sourcesOf('SPY'));

interface Params {
  lastClose: number;
  lastDate: string;
  vol: number;
  beta: number;
  drift: number;
  avgVolume: number;
  firstDate: string;
}

/**
 * A session's log return beyond this (a rise of 65% or a fall of 39%) is taken for a break in the
 * price file, not a move: an unadjusted split (KLAC's closes fall from 2,131 to 193 in one
 * session), a file that alternates between two series (DD: 48, 144, 48, 143), a spin-off. One
 * such return in a year adds about 1.6 to a stock's annual volatility and many times its beta, so
 * it is left out of the volatility, beta and drift; a real earnings-day move stays well inside.
 */
const MAX_SESSION_MOVE = 0.5;

function paramsOf(symbol: string, sources = sourcesOf(symbol)): Params | null {
  const returns = new Map([...mergedReturns(sources)].filter(([, r]) => Math.abs(r) <= MAX_SESSION_MOVE));
  let last: Bar | undefined;
  for (const bars of sources) {
    const b = bars?.[bars.length - 1];
    if (b && (!last || b.date > last.date)) last = b;
  }
  if (!last || returns.size < 60) return null;
  const dates = [...returns.keys()].slice(-TRADING_DAYS);
  const rs = dates.map((d) => returns.get(d) as number);
  const vol = sd(rs) * Math.sqrt(TRADING_DAYS);
  const pairs = dates.filter((d) => spyReturns.has(d));
  const x = pairs.map((d) => spyReturns.get(d) as number);
  const y = pairs.map((d) => returns.get(d) as number);
  const mx = mean(x);
  const my = mean(y);
  let cov = 0;
  let varX = 0;
  for (let i = 0; i < x.length; i++) {
    cov += ((x[i] as number) - mx) * ((y[i] as number) - my);
    varX += ((x[i] as number) - mx) ** 2;
  }
  const beta = symbol === 'SPY' ? 1 : cov / varX;
  // Sample means over three years are mostly noise: shrink half-way to a CAPM drift (4% rate, 5% premium).
  const sample = mean([...returns.values()]) * TRADING_DAYS;
  const drift = Math.min(0.3, Math.max(-0.1, 0.5 * sample + 0.5 * (0.04 + 0.05 * beta)));
  const withVolume = sources.find((b) => b?.some((bar) => Number.isFinite(bar.volume)));
  const vols = withVolume ? withVolume.slice(-50).map((b) => b.volume) : [];
  const firstDates = sources.flatMap((b) => (b?.[0] ? [b[0].date] : []));
  const firstDate = firstDates.sort()[0] ?? '';
  return {
    lastClose: last.close,
    lastDate: last.date,
    vol,
    beta,
    drift,
    avgVolume: vols.length ? mean(vols) : Number.NaN,
    // Only a start after the files' common first day says something (a spin-off or a listing).
    firstDate: firstDate > '2023-01-03' ? firstDate : '',
  };
}

// VIX (ODC-PDDL): shipped raw for the last 600 sessions; its log level drives the volatility regime.
const vixRows = parseCsvRecords(read('rates_vol/vix_daily.csv')).map((r) => ({
  date: r.DATE as string,
  close: num(r.CLOSE),
}));
const vixTail = vixRows.slice(-600);
const vixLast = vixRows[vixRows.length - 1] as { date: string; close: number };

// Risk-free rate (FRED DTB3, public domain): last value, discount basis → continuous ACT/365.
const dtb3 = parseCsvRecords(read('rates_vol/tbill_3m_dtb3_daily.csv')).filter((r) => r.dtb3_pct !== '');
const lastBill = dtb3[dtb3.length - 1] as Record<string, string>;
const discount = num(lastBill.dtb3_pct) / 100;
const riskFreeRate = -Math.log(1 - (discount * 91) / 360) / (91 / 365);

// SPX level: the latest spot of the ATM-IV snapshot file.
const spxAtm = parseCsvRecords(read('options/atm_iv_term_structure_SPX.csv'));
const spxLast = spxAtm.reduce((a, b) => ((b.snapshot_date as string) > (a.snapshot_date as string) ? b : a));

// --- universe rows ----------------------------------------------------------------------------

interface SymbolRow {
  symbol: string;
  name: string;
  kind: 1 | 2 | 3;
  sector: number;
  industry: string;
  sp500: number;
  nasdaq100: number;
}
const symbols: SymbolRow[] = [];
const params = new Map<string, Params & { basis: string; dividendYield: number }>();
const ndxSet = new Set(ndx.map((r) => r.Ticker));

for (const ix of INDEXES) {
  symbols.push({
    symbol: ix.symbol,
    name: ix.name,
    kind: 3,
    sector: 0,
    industry: '',
    sp500: 0,
    nasdaq100: 0,
  });
}
for (const [symbol, sector] of Object.entries(ETF_SECTORS)) {
  const p = paramsOf(symbol);
  if (!p) throw new Error(`no prices for ETF ${symbol}`);
  symbols.push({
    symbol,
    name: etfNames.get(symbol) ?? symbol,
    kind: 2,
    sector,
    industry: '',
    sp500: 0,
    nasdaq100: 0,
  });
  params.set(symbol, { ...p, basis: 'close', dividendYield: ASSUMED_YIELDS[symbol] ?? 0 });
}
// The crypto funds from bitcoin's closes on the days SPY traded.
const tradingDates = new Set([...spyReturns.keys()]);
const bitcoin = (etfClose.get('BTC-USD') ?? []).filter((b) => tradingDates.has(b.date));
for (const fund of CRYPTO_FUNDS) {
  const first = bitcoin[0];
  if (!first) throw new Error('no BTC-USD closes');
  const bars = bitcoin.map((b) => ({
    date: b.date,
    close: first.close * fund.coinPerShare * (b.close / first.close) ** fund.returnScale,
    volume: fund.avgVolume,
  }));
  const p = paramsOf(fund.symbol, [bars]);
  if (!p) throw new Error(`no prices for ${fund.symbol}`);
  symbols.push({
    symbol: fund.symbol,
    name: etfNames.get(fund.symbol) ?? fund.symbol,
    kind: 2,
    sector: 0,
    industry: '',
    sp500: 0,
    nasdaq100: 0,
  });
  params.set(fund.symbol, { ...p, firstDate: '', basis: fund.basis, dividendYield: 0 });
}
for (const c of constituents) {
  const symbol = c.Symbol as string;
  const p = paramsOf(symbol);
  if (!p) {
    console.warn(`skip ${symbol}: no price history`);
    continue;
  }
  const sector = SECTOR_BY_GICS[c['GICS Sector'] as string];
  if (sector === undefined) throw new Error(`unknown GICS sector ${c['GICS Sector']}`);
  symbols.push({
    symbol,
    name: c.Security as string,
    kind: 1,
    sector,
    industry: c['GICS Sub-Industry'] as string,
    sp500: 1,
    nasdaq100: ndxSet.has(symbol) ? 1 : 0,
  });
  params.set(symbol, {
    ...p,
    basis: 'close',
    dividendYield: num(financials.get(symbol)?.['Dividend Yield']),
  });
}
const inSp = new Set(constituents.map((c) => c.Symbol));
for (const r of ndx) {
  const symbol = r.Ticker as string;
  if (inSp.has(symbol)) continue;
  const p = paramsOf(symbol);
  if (!p) {
    // No open price history: a real company without a real price is left out rather than invented.
    console.warn(`skip ${symbol}: Nasdaq-100 member without price history`);
    continue;
  }
  symbols.push({
    symbol,
    name: r.Company as string,
    kind: 1,
    sector: NDX_SECTORS[symbol] ?? 0,
    industry: r.GICS_Sub_Industry as string,
    sp500: 0,
    nasdaq100: 1,
  });
  params.set(symbol, { ...p, basis: 'close', dividendYield: Number.NaN });
}
for (const ix of INDEXES) {
  const yieldQ = ASSUMED_YIELDS[ix.symbol] ?? 0;
  if (ix.proxy === 'VIX') {
    params.set(ix.symbol, {
      lastClose: vixLast.close,
      lastDate: vixLast.date,
      vol: Number.NaN,
      beta: Number.NaN,
      drift: 0,
      avgVolume: Number.NaN,
      firstDate: '',
      basis: 'close',
      dividendYield: 0,
    });
    continue;
  }
  const spy = params.get('SPY') as Params;
  const proxy = ix.proxy === 'SPX' ? spy : (params.get(ix.proxy) as Params);
  const level = ix.proxy === 'SPX' ? num(spxLast.spot) : proxy.lastClose;
  params.set(ix.symbol, {
    ...proxy,
    firstDate: '',
    lastClose: level * ix.ratio,
    lastDate: ix.proxy === 'SPX' ? (spxLast.snapshot_date as string) : proxy.lastDate,
    avgVolume: Number.NaN,
    basis: ix.proxy === 'SPX' && ix.ratio === 1 ? 'close' : `${ix.ratio} × ${ix.proxy}`,
    dividendYield: yieldQ,
  });
}

// --- volatility regime, premium ---------------------------------------------------------------

// AR(1) of ln VIX over the last ten years: x_{t+1} − μ = φ (x_t − μ) + s ε.
const lnVix = vixRows.slice(-2520).map((r) => Math.log(r.close));
const mu = mean(lnVix);
let sxy = 0;
let sxx = 0;
for (let i = 1; i < lnVix.length; i++) {
  sxy += ((lnVix[i - 1] as number) - mu) * ((lnVix[i] as number) - mu);
  sxx += ((lnVix[i - 1] as number) - mu) ** 2;
}
const phi = sxy / sxx;
const resid: number[] = [];
for (let i = 1; i < lnVix.length; i++)
  resid.push((lnVix[i] as number) - mu - phi * ((lnVix[i - 1] as number) - mu));
const regime = { meanLnVix: round(mu, 4), phi: round(phi, 5), sd: round(sd(resid), 5) };

// Correlation of daily SPY returns with ln-VIX changes (the leverage effect), 2015–2025.
const spyLong = readLong(join(root, 'prices/spy_gspc_daily_ohlcv_2015-2025.csv')).get('SPY') as Bar[];
const vixByDate = new Map(vixRows.map((r) => [r.date, r.close]));
const lev: { r: number; dv: number }[] = [];
for (let i = 1; i < spyLong.length; i++) {
  const a = vixByDate.get((spyLong[i - 1] as Bar).date);
  const b = vixByDate.get((spyLong[i] as Bar).date);
  if (a && b)
    lev.push({ r: Math.log((spyLong[i] as Bar).close / (spyLong[i - 1] as Bar).close), dv: Math.log(b / a) });
}
const levR = lev.map((p) => p.r);
const levV = lev.map((p) => p.dv);
const leverage =
  lev.reduce((s, p) => s + (p.r - mean(levR)) * (p.dv - mean(levV)), 0) /
  ((lev.length - 1) * sd(levR) * sd(levV));

// Variance premium: VIX against the SPY volatility realised over the following 21 sessions.
const premiumRatios: number[] = [];
for (let i = 0; i + 21 < spyLong.length; i++) {
  const v = vixByDate.get((spyLong[i] as Bar).date);
  if (!v) continue;
  const rs: number[] = [];
  for (let j = i + 1; j <= i + 21; j++)
    rs.push(Math.log((spyLong[j] as Bar).close / (spyLong[j - 1] as Bar).close));
  premiumRatios.push(v / 100 / (sd(rs) * Math.sqrt(TRADING_DAYS)));
}
// SPX 30-day ATM IV against VIX on the days both files have.
const atmOverVix: number[] = [];
const spxByDay = new Map<string, { dte: number; iv: number }[]>();
for (const r of spxAtm) {
  const list = spxByDay.get(r.snapshot_date as string) ?? [];
  list.push({ dte: num(r.dte), iv: num(r.atm_iv) });
  spxByDay.set(r.snapshot_date as string, list);
}
for (const [date, list] of spxByDay) {
  const v = vixByDate.get(date);
  const lo = list.filter((p) => p.dte <= 30 && p.dte >= 14 && p.iv > 0).sort((a, b) => b.dte - a.dte)[0];
  const hi = list.filter((p) => p.dte > 30 && p.dte <= 50 && p.iv > 0).sort((a, b) => a.dte - b.dte)[0];
  if (!v || !lo || !hi) continue;
  const w = (30 - lo.dte) / (hi.dte - lo.dte);
  atmOverVix.push((lo.iv * (1 - w) + hi.iv * w) / (v / 100));
}
// Term premium: ATM IV near one year over ATM IV near 30 days, per day of the SPX file.
const termRatios: number[] = [];
for (const list of spxByDay.values()) {
  const near = list
    .filter((p) => p.dte >= 21 && p.dte <= 45 && p.iv > 0)
    .sort((a, b) => Math.abs(a.dte - 30) - Math.abs(b.dte - 30))[0];
  const far = list
    .filter((p) => p.dte >= 270 && p.dte <= 450 && p.iv > 0)
    .sort((a, b) => Math.abs(a.dte - 365) - Math.abs(b.dte - 365))[0];
  if (near && far) termRatios.push(far.iv / near.iv);
}
const premium = {
  oneYearOverThirtyDay: round(median(termRatios), 3),
  samplesTerm: termRatios.length,
  vixOverRealized: round(median(premiumRatios), 3),
  atmOverVix: round(median(atmOverVix), 3),
  samplesVix: premiumRatios.length,
  samplesAtm: atmOverVix.length,
};

// --- option chains ----------------------------------------------------------------------------

const snapshots = parseCsvRecords(read('options/option_chain_snapshots.csv'));
const quoteRecords = parseCsvRecords(read('options/option_chain_quotes.csv'));
/** Quote times: the intraday files' latest trades are 16:19–17:27 UTC; the close file is 16:00 ET. */
const QUOTE_TIME: Record<string, string> = {
  'SPY_2026-02-10_close': '2026-02-10T21:00:00Z',
  'SPY_2026-02-11_intraday': '2026-02-11T16:30:00Z',
  'QQQ_2026-02-11_intraday': '2026-02-11T16:30:00Z',
  'AAPL_2026-02-11_intraday': '2026-02-11T17:30:00Z',
};
const billOn = (date: string) => {
  const row = dtb3.filter((r) => (r.date as string) <= date).pop() as Record<string, string>;
  const d = num(row.dtb3_pct) / 100;
  return -Math.log(1 - (d * 91) / 360) / (91 / 365);
};
const samples: ChainSample[] = snapshots.map((s) => {
  const id = s.snapshot_id as string;
  const rows = realChainRows(quoteRecords, id);
  const time = QUOTE_TIME[id];
  if (!time) throw new Error(`no quote time for ${id}`);
  return {
    underlying: s.underlying as string,
    spot: num(s.spot),
    asOfMs: Date.parse(time),
    rate: billOn(s.quote_date as string),
    rows,
  };
});
// The SPY close snapshot repeats six expiries of the next day's intraday one; calibrate on the three intraday chains.
const fitSamples = samples.filter((s) => s.rows.length > 2000);
const stats = new Map(fitSamples.map((s) => [s.underlying, chainStats(s)]));

/** SSVI fit (ρ, η at γ = ½) of one chain, expiries of 7 days and more, |z| ≤ 1.5, θ from each expiry's ATM IV. */
function fitSmile(expiries: readonly ExpiryStat[]): SmileShape & { rmse: number; points: number } {
  const pts = expiries
    .filter((e) => e.days >= 7 && e.atmIv > 0)
    .flatMap((e) =>
      e.points
        .filter((p) => p.iv > 0 && Math.abs(p.z) <= 1.5)
        .map((p) => ({ k: p.k, iv: p.iv, theta: e.atmIv ** 2 * e.years, T: e.years })),
    );
  const gamma = 0.5;
  const loss = ([rho, eta]: readonly number[]) => {
    const r = rho as number;
    const h = eta as number;
    if (Math.abs(r) >= 0.99 || h <= 0 || h > maxEta(r)) return 1e9;
    let s = 0;
    for (const p of pts) s += (ssviVol({ rho: r, eta: h, gamma }, p.theta, p.k, p.T) - p.iv) ** 2;
    return s / pts.length;
  };
  const best = minimize(loss, [-0.5, 1], [0.2, 0.2]);
  const rho = round(best.x[0] as number, 4);
  return {
    rho,
    // η rounds down: the fit often sits on the no-arbitrage bound η(1 + |ρ|) = 2.
    eta: Math.floor(Math.min(best.x[1] as number, maxEta(rho)) * 1e4) / 1e4,
    gamma,
    rmse: round(Math.sqrt(best.value), 4),
    points: pts.length,
  };
}

/** Term-structure fit of ATM vols (7 days and more): σ_S, σ_L, κ. */
function fitTerm(expiries: readonly ExpiryStat[]) {
  const pts = expiries.filter((e) => e.days >= 7 && e.atmIv > 0);
  const loss = ([s, l, k]: readonly number[]) => {
    if ((s as number) <= 0 || (l as number) <= 0 || (k as number) <= 0.05 || (k as number) > 20) return 1e9;
    let e = 0;
    for (const p of pts) {
      const theta = atmTotalVariance({ short: s as number, long: l as number, kappa: k as number }, p.years);
      e += (Math.sqrt(theta / p.years) - p.atmIv) ** 2;
    }
    return e / pts.length;
  };
  const best = minimize(loss, [0.15, 0.2, 1], [0.05, 0.05, 0.5]);
  const [short, long, kappa] = best.x as [number, number, number];
  return {
    short: round(short, 4),
    long: round(long, 4),
    kappa: round(kappa, 3),
    rmse: round(Math.sqrt(best.value), 4),
  };
}

const smiles = Object.fromEntries([...stats].map(([u, e]) => [u, fitSmile(e)]));
const terms = Object.fromEntries([...stats].map(([u, e]) => [u, fitTerm(e)]));
const realized = Object.fromEntries([...stats.keys()].map((u) => [u, (params.get(u) as Params).vol]));

/**
 * Spread model, fitted on two-sided quotes of 7 days and more. Half-width
 *   h = L · (a + b·mid) · (1 + c·max(0, −u_otm − ½)),
 * quoted outward to the tick (bid rounded down, ask up), which on average adds one tick to the
 * width: width ≈ 2h + tick. L = 1 for SPY; per-underlying L for the others, then
 * L = 1 + λ·ln(SPY dollar volume / dollar volume) across them.
 */
const tickOf = (u: string, mid: number) => (u === 'SPY' || u === 'QQQ' || mid < 3 ? 0.01 : 0.05);
const spreadPts = [...stats].flatMap(([u, e]) =>
  e
    .filter((x) => x.days >= 7)
    .flatMap((x) =>
      x.points
        .filter((q) => q.twoSided && q.mid >= 0.05)
        .map((q) => ({
          u,
          mid: q.mid,
          otm: q.isCall ? q.u : -q.u,
          spread: q.spread,
          tick: tickOf(u, q.mid),
        })),
    ),
);
const others = [...stats.keys()].filter((u) => u !== 'SPY');
const spreadFit = minimize(
  (x: readonly number[]) => {
    const [a, b, c] = x as [number, number, number];
    if (a <= 0 || b <= 0 || c < 0 || x.slice(3).some((l) => l < 1)) return 1e9;
    let s = 0;
    for (const p of spreadPts) {
      const L = p.u === 'SPY' ? 1 : (x[3 + others.indexOf(p.u)] as number);
      const h = L * (a + b * p.mid) * (1 + c * Math.max(0, -p.otm - 0.5));
      // Robust: mean absolute error of log widths.
      s += Math.abs(Math.log((2 * h + p.tick) / p.spread));
    }
    return s / spreadPts.length;
  },
  [0.005, 0.005, 0.3, ...others.map(() => 2)],
  [0.005, 0.005, 0.2, ...others.map(() => 0.5)],
  4000,
);
const [sa, sb, sc] = spreadFit.x as [number, number, number];
const dollarVolumeOf = (u: string) =>
  (params.get(u) as Params).avgVolume * (params.get(u) as Params).lastClose;
const spyDollarVolume = dollarVolumeOf('SPY');
// λ from the stock only: the QQQ chain's midday quotes are several times wider than SPY's at equal
// dollar volume (its fitted L is kept in model.json for the record), which would overstate λ.
const lambda =
  ((spreadFit.x[3 + others.indexOf('AAPL')] as number) - 1) /
  Math.log(spyDollarVolume / dollarVolumeOf('AAPL'));
const spread = {
  a: round(sa, 5),
  b: round(sb, 5),
  c: round(sc, 4),
  lambda: round(lambda, 4),
  fittedL: Object.fromEntries(others.map((u, i) => [u, round(spreadFit.x[3 + i] as number, 3)])),
  spyDollarVolume: round(spyDollarVolume, -6),
  meanAbsLogError: round(spreadFit.value, 4),
};

/**
 * Open interest: per-contract OI relative to its expiry's mean, averaged by OTM distance u; each
 * expiry's share of the chain's OI by days to expiry, separately for standard monthly expirations
 * and the others; the chain's total OI per dollar of daily stock volume.
 */
const oiByU = new Array<number[]>(U_BUCKETS.length + 1).fill([]).map(() => [] as number[]);
const expiryWeights: { days: number; monthly: boolean; share: number }[] = [];
const totals: { underlying: string; oi: number; volume: number }[] = [];
const turnover: { days: number; otm: number; volume: number; oi: number }[] = [];
const isThirdFriday = (iso: string) => {
  const d = new Date(`${iso}T00:00:00Z`);
  return d.getUTCDay() === 5 && d.getUTCDate() >= 15 && d.getUTCDate() <= 21;
};
for (const [u, expiries] of stats) {
  let total = 0;
  let volume = 0;
  for (const e of expiries)
    for (const p of e.points) {
      total += p.openInterest;
      volume += p.volume;
    }
  totals.push({ underlying: u, oi: total, volume });
  for (const e of expiries) {
    const oi = e.points.reduce((s, p) => s + p.openInterest, 0);
    expiryWeights.push({ days: e.days, monthly: isThirdFriday(e.expiration), share: oi / total });
    const meanOi = oi / e.points.length;
    if (meanOi <= 0) continue;
    for (const p of e.points) {
      const otm = p.isCall ? p.u : -p.u;
      const i = U_BUCKETS.findIndex((b) => otm < b);
      (oiByU[i < 0 ? U_BUCKETS.length : i] as number[]).push(p.openInterest / meanOi);
      turnover.push({ days: e.days, otm, volume: p.volume, oi: p.openInterest });
    }
  }
}
const TERM_DAYS = [1, 7, 30, 90, 365, 1000];
const weightTable = (monthly: boolean) =>
  TERM_DAYS.map((d, i) => {
    const hi = TERM_DAYS[i + 1] ?? 5000;
    const xs = expiryWeights
      .filter((w) => w.monthly === monthly && w.days >= (i === 0 ? 0 : d) && w.days < hi)
      .map((w) => w.share);
    return xs.length ? round(median(xs), 4) : Number.NaN;
  });
/** The intraday chains were read near midday; about 40% of a day's option volume trades by then (U-shaped day). */
const DAY_FRACTION = 0.4;
/** Turnover of a set of contracts: their volume over their open interest (a ratio of sums, not a mean of ratios). */
const turnoverOf = (xs: readonly { volume: number; oi: number }[]) =>
  round(xs.reduce((s, t) => s + t.volume, 0) / xs.reduce((s, t) => s + t.oi, 0) / DAY_FRACTION, 4);
const turnoverTable = TERM_DAYS.map((d, i) => {
  const hi = TERM_DAYS[i + 1] ?? 5000;
  return turnoverOf(
    turnover.filter((t) => t.days >= (i === 0 ? 0 : d) && t.days < hi && Math.abs(t.otm) <= 1),
  );
});
/** Turnover by out-of-the-money distance, for expiries inside a week (0DTE trading hugs the money) and beyond. */
const turnoverByU = (short: boolean) =>
  [...U_BUCKETS, 99].map((b, i) => {
    const lo = i === 0 ? -99 : (U_BUCKETS[i - 1] as number);
    return turnoverOf(turnover.filter((t) => t.days < 7 === short && t.otm >= lo && t.otm < b));
  });
const openInterest = {
  uBuckets: [...U_BUCKETS],
  perContractByU: oiByU.map((xs) => round(mean(xs), 3)),
  termDays: TERM_DAYS,
  expiryShareMonthly: weightTable(true),
  expiryShareOther: weightTable(false),
  totalPerDollarVolume: round(
    median(
      totals.map(
        (t) =>
          t.oi /
          ((params.get(t.underlying) as Params).avgVolume * (params.get(t.underlying) as Params).lastClose),
      ),
    ),
    8,
  ),
  dailyTurnoverByTerm: turnoverTable,
  dailyTurnoverByU: turnoverByU(false),
  dailyTurnoverByUWeek: turnoverByU(true),
};

const model = {
  note: 'Derived by derive.ts; see SOURCES.md and docs/MARKET.md. Units: vols annualised, rates continuous ACT/365.',
  riskFreeRate: { value: round(riskFreeRate, 5), dtb3Percent: num(lastBill.dtb3_pct), date: lastBill.date },
  vix: { last: vixLast.close, date: vixLast.date },
  regime: { ...regime, leverageCorrelation: round(leverage, 3) },
  premium,
  smile: smiles,
  term: terms,
  realizedVol: Object.fromEntries(Object.entries(realized).map(([k, v]) => [k, round(v, 4)])),
  spread,
  openInterest,
  chains: fitSamples.map((s) => ({
    underlying: s.underlying,
    spot: s.spot,
    asOf: new Date(s.asOfMs).toISOString(),
    rate: round(s.rate, 5),
  })),
};

// --- write ------------------------------------------------------------------------------------

const symbolOrder = (a: SymbolRow, b: SymbolRow) => a.kind - b.kind || a.symbol.localeCompare(b.symbol);
symbols.sort(symbolOrder);
writeFileSync(
  join(OUT, 'symbols.csv'),
  formatCsv(
    ['symbol', 'name', 'kind', 'sector', 'industry', 'sp500', 'nasdaq100'],
    symbols.map((s) => [s.symbol, s.name, s.kind, s.sector, s.industry, s.sp500, s.nasdaq100]),
  ),
);
writeFileSync(
  join(OUT, 'fundamentals.csv'),
  formatCsv(
    ['symbol', 'price', 'market_cap', 'pe', 'dividend_yield', 'eps', 'price_sales', 'price_book', 'ebitda'],
    symbols
      .filter((s) => financials.get(s.symbol)?.Price)
      .map((s) => {
        const f = financials.get(s.symbol) as Record<string, string>;
        return [
          s.symbol,
          num(f.Price),
          num(f['Market Cap']),
          num(f['Price/Earnings']),
          num(f['Dividend Yield']),
          num(f['Earnings/Share']),
          num(f['Price/Sales']),
          num(f['Price/Book']),
          num(f.EBITDA),
        ];
      }),
  ),
);
writeFileSync(
  join(OUT, 'params.csv'),
  formatCsv(
    [
      'symbol',
      'last_close',
      'last_date',
      'basis',
      'vol',
      'beta',
      'drift',
      'avg_volume',
      'first_date',
      'dividend_yield',
    ],
    symbols.map((s) => {
      const p = params.get(s.symbol) as Params & { basis: string; dividendYield: number };
      return [
        s.symbol,
        round(p.lastClose, 2),
        p.lastDate,
        p.basis,
        round(p.vol, 4),
        round(p.beta, 3),
        round(p.drift, 4),
        round(p.avgVolume, -3),
        p.firstDate,
        round(p.dividendYield, 4),
      ];
    }),
  ),
);
writeFileSync(
  join(OUT, 'vix.csv'),
  formatCsv(
    ['date', 'close'],
    vixTail.map((r) => [r.date, r.close]),
  ),
);
// realism-report.ts sets the 30-day smiles, the open-interest classes and the spread's a, b, λ,
// tight dollar volume and funds' option activity on the realism table: keep them.
const chosen = JSON.parse(readFileSync(join(import.meta.dirname, 'model.json'), 'utf8')) as {
  smile30: unknown;
  spread: { a: number; b: number; lambda: number; tightDollarVolume: number; fundOptionActivity: number };
  openInterest: { classes: unknown };
};
const { a, b, lambda: chosenLambda, tightDollarVolume, fundOptionActivity } = chosen.spread;
writeFileSync(
  join(OUT, 'model.json'),
  `${JSON.stringify(
    {
      ...model,
      smile30: chosen.smile30,
      spread: { ...model.spread, a, b, lambda: chosenLambda, tightDollarVolume, fundOptionActivity },
      openInterest: { ...model.openInterest, classes: chosen.openInterest.classes },
    },
    null,
    2,
  )}\n`,
);
console.log(
  `symbols ${symbols.length}, model:`,
  JSON.stringify({ regime: model.regime, premium, smiles, terms, spread }, null, 1),
);
