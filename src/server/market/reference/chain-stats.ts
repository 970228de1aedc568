/**
 * Statistics of one option chain, the same for a real chain and a simulated one, so the
 * simulator can be calibrated against real chains and compared with them on equal terms.
 *
 * Per expiration: the forward from put-call parity at the strike where call and put mids are
 * closest, and implied volatilities from out-of-the-money mids under the model of the chain's
 * exercise style (`impliedVolByStyle` of the domain): European, `impliedVol` with S = F·e^{−rT} and
 * q = 0, the same price under BSM; American, the spot and the yield q the forward implies
 * (F = S·e^{(r−q)T}), since early exercise depends on r and q apart — the European inverse of an
 * American mid ascribes its early-exercise premium to volatility. Moneyness is expressed three ways:
 * k = ln(K/F); z = k/√T (used for the smile, whose shape in z barely changes with T);
 * u = k/(σ_ATM√T), the number of ATM standard deviations (used for spreads and open interest).
 * IVs are left out (NaN) for quotes wider than half their mid plus two cents.
 */
import { ExerciseStyle } from '#domain/contracts/exercise-style.ts';
import { expiryInstant } from '#domain/contracts/expiry.ts';
import { americanImpliedVol, impliedVolByStyle } from '#domain/pricing/american.ts';
import { bsPrice } from '#domain/pricing/black-scholes.ts';

const MS_PER_YEAR = 365 * 86_400_000;

export interface QuoteRow {
  readonly expiration: string;
  readonly isCall: boolean;
  readonly strike: number;
  readonly bid: number;
  readonly ask: number;
  readonly openInterest: number;
  readonly volume: number;
}

export interface ChainSample {
  readonly underlying: string;
  readonly spot: number;
  readonly asOfMs: number;
  /** Risk-free rate, continuously compounded. */
  readonly rate: number;
  readonly rows: readonly QuoteRow[];
  /** Exercise style of the chain's options (`exerciseStyleOf` of the underlying's kind); European when absent. */
  readonly exerciseStyle?: ExerciseStyle;
}

export interface PointStat {
  readonly isCall: boolean;
  readonly strike: number;
  readonly k: number;
  readonly z: number;
  readonly u: number;
  /** Implied vol of the mid; NaN for in-the-money or one-sided quotes. */
  readonly iv: number;
  readonly mid: number;
  readonly spread: number;
  readonly openInterest: number;
  readonly volume: number;
  readonly twoSided: boolean;
}

export interface ExpiryStat {
  readonly expiration: string;
  readonly years: number;
  readonly days: number;
  readonly forward: number;
  readonly atmIv: number;
  readonly points: readonly PointStat[];
}

/**
 * The quote rows of one real chain (records of the reference data's quotes file). An expiry that
 * lists adjusted contracts (odd strikes such as 259.78, left by a corporate action) mixes two
 * deliverables under one strike grid: the whole expiry is left out.
 */
export function realChainRows(records: readonly Record<string, string>[], id: string): QuoteRow[] {
  const own = records.filter((q) => q.snapshot_id === id);
  const mixed = new Set(own.filter((q) => !Number.isInteger(Number(q.strike) * 2)).map((q) => q.expiry));
  return own
    .filter((q) => !mixed.has(q.expiry))
    .map((q) => ({
      expiration: q.expiry as string,
      isCall: q.type === 'call',
      strike: Number(q.strike),
      bid: Number(q.bid) || 0,
      ask: Number(q.ask) || 0,
      openInterest: Number(q.open_interest) || 0,
      volume: Number(q.volume) || 0,
    }));
}

const twoSided = (r: QuoteRow) => r.bid > 0 && r.ask > r.bid;

export function chainStats(sample: ChainSample): ExpiryStat[] {
  const byExp = new Map<string, QuoteRow[]>();
  for (const r of sample.rows) {
    const list = byExp.get(r.expiration) ?? [];
    list.push(r);
    byExp.set(r.expiration, list);
  }
  const style = sample.exerciseStyle ?? ExerciseStyle.European;
  const american = style === ExerciseStyle.American;
  const out: ExpiryStat[] = [];
  for (const [expiration, rows] of [...byExp].sort(([a], [b]) => a.localeCompare(b))) {
    const years = (expiryInstant(expiration) - sample.asOfMs) / MS_PER_YEAR;
    if (!(years > 0)) continue;
    const forward = parityForward(rows, sample.spot, years, sample.rate, american);
    const ivOf = (r: QuoteRow): number => {
      if (!twoSided(r) || r.isCall !== r.strike >= forward) return Number.NaN;
      // Stale, very wide quotes (e.g. the orphaned standard strikes next to adjusted ones) say little.
      if (r.ask - r.bid > 0.5 * (r.bid + r.ask) + 0.02) return Number.NaN;
      // European: the spot and yield with the same BSM price and no yield; American: its own.
      const [S, q] = american
        ? [sample.spot, sample.rate - Math.log(forward / sample.spot) / years]
        : [forward * Math.exp(-sample.rate * years), 0];
      return (
        impliedVolByStyle(style, r.isCall, (r.bid + r.ask) / 2, S, r.strike, years, sample.rate, q) ??
        Number.NaN
      );
    };
    const ivs = rows.map(ivOf);
    const atmIv = atmVol(rows, ivs, forward);
    const points = rows.map((r, i): PointStat => {
      const k = Math.log(r.strike / forward);
      return {
        isCall: r.isCall,
        strike: r.strike,
        k,
        z: k / Math.sqrt(years),
        u: k / (atmIv * Math.sqrt(years)),
        iv: ivs[i] ?? Number.NaN,
        mid: (r.bid + r.ask) / 2,
        spread: r.ask - r.bid,
        openInterest: r.openInterest,
        volume: r.volume,
        twoSided: twoSided(r),
      };
    });
    out.push({ expiration, years, days: years * 365, forward, atmIv, points });
  }
  return out;
}

/**
 * F = K + e^{rT}(C − P) at the strike where the two-sided call and put mids are closest. Parity
 * holds for European prices: for an American chain C and P are first made European, each the BSM
 * price at its American implied vol with the yield the forward implies, a few times over (the
 * put's early-exercise premium alone would put a two-year forward of a $100 stock 60 cents low).
 */
function parityForward(
  rows: readonly QuoteRow[],
  spot: number,
  years: number,
  rate: number,
  american: boolean,
): number {
  const calls = new Map<number, QuoteRow>();
  for (const r of rows) if (r.isCall && twoSided(r)) calls.set(r.strike, r);
  let best = Number.POSITIVE_INFINITY;
  let pair: { strike: number; call: number; put: number } | null = null;
  for (const p of rows) {
    if (p.isCall || !twoSided(p)) continue;
    const c = calls.get(p.strike);
    if (!c) continue;
    const call = (c.bid + c.ask) / 2;
    const put = (p.bid + p.ask) / 2;
    if (Math.abs(call - put) < best) {
      best = Math.abs(call - put);
      pair = { strike: p.strike, call, put };
    }
  }
  if (!pair) return spot * Math.exp(rate * years);
  const growth = Math.exp(rate * years);
  const { strike, call, put } = pair;
  let forward = strike + growth * (call - put);
  for (let i = 0; american && i < AMERICAN_PASSES; i++) {
    const q = rate - Math.log(forward / spot) / years;
    const european = (isCall: boolean, price: number) => {
      const iv = americanImpliedVol(isCall, price, spot, strike, years, rate, q);
      return iv === null ? Number.NaN : bsPrice(isCall, spot, strike, years, rate, q, iv);
    };
    const next = strike + growth * (european(true, call) - european(false, put));
    if (!Number.isFinite(next)) break;
    forward = next;
  }
  return forward;
}

/** Passes of the American forward's correction (a 16-month chain's forward is within 1e-4 of its true value after them, tested to 5e-4). */
const AMERICAN_PASSES = 4;

/** ATM vol: linear interpolation in k between the two out-of-the-money IVs that bracket the forward. */
function atmVol(rows: readonly QuoteRow[], ivs: readonly number[], forward: number): number {
  let below = { k: Number.NEGATIVE_INFINITY, iv: Number.NaN };
  let above = { k: Number.POSITIVE_INFINITY, iv: Number.NaN };
  rows.forEach((r, i) => {
    const iv = ivs[i] ?? Number.NaN;
    if (Number.isNaN(iv)) return;
    const k = Math.log(r.strike / forward);
    if (k <= 0 && k > below.k) below = { k, iv };
    if (k >= 0 && k < above.k) above = { k, iv };
  });
  if (Number.isNaN(below.iv)) return above.iv;
  if (Number.isNaN(above.iv) || above.k === below.k) return below.iv;
  return below.iv + ((above.iv - below.iv) * -below.k) / (above.k - below.k);
}

// ---------------------------------------------------------------------------------------------
// Tables shared by the derivation and the calibration report.

export const SMILE_Z = [-1.5, -1, -0.75, -0.5, -0.25, 0, 0.25, 0.5] as const;
export const DTE_BUCKETS = [
  { label: '7–30 d', from: 7, to: 30 },
  { label: '30–90 d', from: 30, to: 90 },
  { label: '90–365 d', from: 90, to: 365 },
  { label: '> 365 d', from: 365, to: 5000 },
] as const;
export const MID_BUCKETS = [0, 0.5, 2, 5, 10, 25] as const;
export const U_BUCKETS = [-3, -2, -1, -0.5, 0, 0.5, 1, 2, 3] as const;

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
}

/** Median IV / ATM IV at each z of `SMILE_Z` (points within ±0.08 of it), per DTE bucket. */
export function smileTable(stats: readonly ExpiryStat[]): number[][] {
  return DTE_BUCKETS.map((b) =>
    SMILE_Z.map((z0) => {
      const ratios: number[] = [];
      for (const e of stats) {
        if (e.days < b.from || e.days >= b.to || !(e.atmIv > 0)) continue;
        for (const p of e.points)
          if (!Number.isNaN(p.iv) && Math.abs(p.z - z0) <= 0.08) ratios.push(p.iv / e.atmIv);
      }
      return ratios.length >= 3 ? median(ratios) : Number.NaN;
    }),
  );
}

/** Median ATM IV per DTE bucket. */
export function atmTermTable(stats: readonly ExpiryStat[]): number[] {
  return DTE_BUCKETS.map((b) =>
    median(stats.filter((e) => e.days >= b.from && e.days < b.to).map((e) => e.atmIv)),
  );
}

/** Median bid/ask width in dollars by mid-price bucket (rows) and |u| ≤ 1 (near) or > 1 (far) out of the money. */
export function spreadTable(stats: readonly ExpiryStat[]): { near: number[]; far: number[]; itm: number[] } {
  const cell = (pred: (p: PointStat, otm: number) => boolean) =>
    MID_BUCKETS.map((lo, i) => {
      const hi = MID_BUCKETS[i + 1] ?? Number.POSITIVE_INFINITY;
      const xs: number[] = [];
      for (const e of stats) {
        if (e.days < 7) continue;
        for (const p of e.points) {
          const otm = p.isCall ? p.u : -p.u;
          if (p.twoSided && p.mid >= lo && p.mid < hi && pred(p, otm)) xs.push(p.spread);
        }
      }
      return xs.length >= 3 ? median(xs) : Number.NaN;
    });
  return {
    near: cell((_, otm) => otm >= 0 && otm <= 1),
    far: cell((_, otm) => otm > 1),
    itm: cell((_, otm) => otm < 0),
  };
}

/**
 * Open-interest profile: the share of total open interest by out-of-the-money distance u
 * (negative = in the money; calls and puts pooled), and by days to expiry.
 */
export function openInterestProfile(stats: readonly ExpiryStat[]): { byU: number[]; byDte: number[] } {
  const byU = new Array<number>(U_BUCKETS.length + 1).fill(0);
  const byDte = new Array<number>(DTE_BUCKETS.length + 1).fill(0);
  let total = 0;
  for (const e of stats) {
    for (const p of e.points) {
      const otm = p.isCall ? p.u : -p.u;
      const ui = U_BUCKETS.findIndex((b) => otm < b);
      const bu = ui < 0 ? U_BUCKETS.length : ui;
      byU[bu] = (byU[bu] as number) + p.openInterest;
      const di = e.days < 7 ? 0 : DTE_BUCKETS.findIndex((b) => e.days >= b.from && e.days < b.to) + 1;
      byDte[di] = (byDte[di] as number) + p.openInterest;
      total += p.openInterest;
    }
  }
  return { byU: byU.map((v) => v / total), byDte: byDte.map((v) => v / total) };
}
