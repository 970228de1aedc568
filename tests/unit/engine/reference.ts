/**
 * The brute-force scan the engine must agree with: slow and obviously right.
 *
 * For every underlying that passes the underlying filters, every assignment of the chain's
 * tradable options to the strategy's legs (every option of the leg's right in every expiration),
 * kept when the domain's `validateLegs` accepts it (and, for custom legs, the strike relations
 * hold); every metric from the domain's `tradeMetrics`; every filter by its definition with the
 * domain's evaluators; sorted by the sort keys (null last), ties by symbol then option rows in leg
 * order; grouped per ticker (best trade first). Only trades with something to gain and something
 * to lose are kept (`isTakeable`), and none with a stock leg on an index. Data access (snapshot
 * columns → numbers) is shared with the engine; the logic is not.
 */
import type { Leg } from '#domain/contracts/contract.ts';
import { type CompiledFilter, compileFilters } from '#domain/filters/compile-filters.ts';
import { epochDayOf, resolveDateRange } from '#domain/filters/date-range.ts';
import { matchesAnyOf, matchesNoneOf, matchesRange } from '#domain/filters/filter-match.ts';
import type { FilterValue } from '#domain/filters/filter-value.ts';
import { UnderlyingKind } from '#domain/filters/sectors.ts';
import { isTakeable } from '#domain/metrics/takeable.ts';
import { tradeMetrics } from '#domain/metrics/trade-metrics.ts';
import type { ScenarioShift, TradeMetrics } from '#domain/metrics/types.ts';
import { STRATEGIES } from '#domain/strategies/catalogue.ts';
import { validateLegs } from '#domain/strategies/validate-legs.ts';
import { isTradable, LEG_NUMBERS } from '#engine/leg-fields.ts';
import type { MarketView } from '#engine/market-view.ts';
import { RowCache } from '#engine/row-cache.ts';
import { sortKeyOf } from '#engine/scan-plan.ts';
import type { ScanSpec } from '#engine/scan-spec.ts';
import { type Structure, structureOf } from '#engine/structure.ts';
import { tradeInput, tradeLegs } from '#engine/trade-input.ts';
import { EARNINGS_RELATIONS, SHAPES } from '#engine/trade-metric.ts';
import { UNDERLYING_NUMBERS, UNDERLYING_TEXTS } from '#engine/underlying-fields.ts';

export interface RefTrade {
  readonly u: number;
  readonly rows: readonly number[];
  readonly keys: readonly number[];
  readonly metrics: TradeMetrics;
}

export interface RefGroup {
  readonly symbol: string;
  readonly count: number;
  readonly trades: readonly RefTrade[];
}

const DAY = 86_400_000;

/** Metric lists of the trade row that come from the snapshot rather than `tradeMetrics`. */
function legValue(
  view: MarketView,
  cache: RowCache,
  u: number,
  name: string,
  row: number,
  m: TradeMetrics,
  i: number,
) {
  const fromMetrics = (m as unknown as Record<string, unknown>)[name];
  if (Array.isArray(fromMetrics)) {
    const x = fromMetrics[i] as number | string | null;
    return typeof x === 'string' ? epochDayOf(x) : (x ?? Number.NaN);
  }
  if (fromMetrics === null) return Number.NaN;
  return LEG_NUMBERS[name]!({ view, rows: cache, state: view.underlyingState(u) }, row);
}

function underlyingPasses(view: MarketView, u: number, f: CompiledFilter, asOfMs: number): boolean {
  const v = f.value as FilterValue;
  const name = f.definition.name;
  const symbol = view.symbols[u]!;
  const num = () => UNDERLYING_NUMBERS[name]!(view, u);
  switch (v.type) {
    case 'any_of':
      return matchesAnyOf(symbol, v.values as string[]);
    case 'none_of':
      return matchesNoneOf(symbol, v.values as string[]);
    case 'sector':
      return v.values.length === 0 || v.values.includes(UNDERLYING_NUMBERS.sector_id!(view, u));
    case 'equals':
      return num() === v.value;
    case 'boolean':
      return (num() !== 0) === v.value;
    case 'date_range':
      return matchesRange(num(), resolveDateRange(v, asOfMs));
    case 'range':
    case 'probability':
      return matchesRange(num(), v);
    default:
      return false; // indicators need daily bars, which tiny markets do not have
  }
}

interface Candidate {
  readonly rows: number[];
  readonly legs: Leg[];
}

/** Every leg assignment the strategy's rules accept, for underlying u. */
function enumerate(view: MarketView, u: number, s: Structure, spec: ScanSpec): Candidate[] {
  const c = view.cols.underlyings;
  const o = view.cols.options;
  const pool = (isCall: boolean) => {
    const out: number[] = [];
    for (let r = c.optionStart[u]!; r < c.optionEnd[u]!; r++)
      if ((o.right[r] === 1) === isCall && isTradable(view, r)) out.push(r);
    return out;
  };
  const pools = s.options.map((slot) => pool(slot.isCall));
  const out: Candidate[] = [];
  const rows: number[] = [];
  const custom = spec.strategy === 'custom' ? (spec.legs ?? []).filter((l) => l.kind === 'option') : [];
  const visit = (leg: number) => {
    if (leg === s.options.length) {
      // Legs of one (right, side) group take ascending strikes in template slot order; diagonals
      // are scanned in their template's strike order (the classic diagonal).
      for (let i = 0; i < rows.length; i++)
        for (let j = 0; j < rows.length; j++) {
          const a = s.options[i]!;
          const b = s.options[j]!;
          const sameGroup = a.right === b.right && Math.sign(a.quantity) === Math.sign(b.quantity);
          if ((sameGroup || s.mode === 'diagonal') && a.strikeSlot < b.strikeSlot)
            if (!(o.strike[rows[i]!]! < o.strike[rows[j]!]!)) return;
        }
      for (let i = 1; i < custom.length; i++) {
        const rel = (custom[i] as { strike?: string }).strike ?? 'greater';
        const k0 = o.strike[rows[i - 1]!]!;
        const k1 = o.strike[rows[i]!]!;
        if (rel === 'same' ? k1 !== k0 : !(k1 > k0)) return;
      }
      const legs = tradeLegs(view, u, s, rows);
      if (!validateLegs(s.strategy, legs).ok) return;
      if (new Set(rows).size !== rows.length) return;
      out.push({ rows: [...rows], legs });
      return;
    }
    for (const r of pools[leg]!) {
      rows.push(r);
      visit(leg + 1);
      rows.pop();
    }
  };
  visit(0);
  return out;
}

const nearest = <T>(items: readonly T[], distance: (x: T) => number): T[] => {
  let best = Infinity;
  for (const x of items) best = Math.min(best, distance(x));
  return items.filter((x) => distance(x) === best);
};

export function referenceScan(
  view: MarketView,
  spec: ScanSpec,
  opts: { readonly similar: number; readonly narrowedMax: number },
): RefGroup[] {
  const def = STRATEGIES[spec.strategy];
  const s = structureOf(spec.strategy, { ratio: spec.ratio ?? null, customLegs: spec.legs ?? null });
  const level = spec.bidAskLevel ?? def.calculationSettings.bid_ask_level;
  const asOf = view.asOfMs;
  const compiled = compileFilters(spec.filters, () => {}).filters.filter(
    (f) => f.definition.name !== 'universe',
  );
  const scenarios = new Map<number, ScenarioShift>();
  const shiftOf = (f: CompiledFilter): ScenarioShift => {
    const v = f.value as { shift: number; unit: ScenarioShift['unit'] };
    return { amount: v.shift, unit: v.unit };
  };
  for (const f of compiled)
    if (f.definition.stage === 'scenario' && !scenarios.has(f.index!)) scenarios.set(f.index!, shiftOf(f));
  const scenarioList = compiled.filter((f) => f.definition.stage === 'scenario').map(shiftOf);
  const sorting = spec.sorting && spec.sorting.length > 0 ? spec.sorting : def.defaultSorting;
  const sortKeys = sorting.map(([key, dir]) => sortKeyOf(key, dir === 'desc', scenarios)!);
  const cache = new RowCache(view);
  const groups: RefGroup[] = [];
  const symbolOrder = (u: number) => view.symbols[u]!;
  // Tiny markets have no company names.
  const isText = (name: string) => name === 'name' || name in UNDERLYING_TEXTS;
  const textOf = (name: string, u: number) => (name === 'name' ? '' : UNDERLYING_TEXTS[name]!(view, u));

  for (let u = 0; u < view.underlyingCount; u++) {
    if (spec.narrowedToSymbol && view.symbols[u] !== spec.narrowedToSymbol) continue;
    if (!(view.cols.underlyings.last[u]! > 0)) continue;
    // An index takes no stock leg.
    if (s.legs.some((l) => l.kind === 'stock') && view.cols.underlyings.kind[u] === UnderlyingKind.Index)
      continue;
    if (
      !compiled
        .filter((f) => f.definition.stage === 'underlying')
        .every((f) => underlyingPasses(view, u, f, asOf))
    )
      continue;
    const state = view.underlyingState(u);
    cache.reset(
      u,
      view.cols.underlyings.optionStart[u]!,
      view.cols.underlyings.optionEnd[u]!,
      state.price,
      state.dividendYield,
    );
    const ctx = { view, rows: cache, state };
    const legFilters = compiled.filter((f) => f.definition.stage === 'leg');
    const isClosest = (f: CompiledFilter) => {
      const v = f.value as { mode?: string };
      return v.mode === 'closest';
    };
    const target = (f: CompiledFilter) => (f.value as { target: number }).target;
    const expirationOf = (row: number) => view.cols.options.expiration[row]!;
    // Per-leg tests (range forms).
    const legOk = (f: CompiledFilter, row: number): boolean => {
      const v = f.value as FilterValue;
      const x = LEG_NUMBERS[f.definition.name]!(ctx, row);
      switch (v.type) {
        case 'date_range':
          return matchesRange(x, resolveDateRange(v, asOf));
        case 'choice_map':
          return v.values.length === 0 || v.values.includes(x === 0 ? 'standard' : 'weekly');
        default:
          return matchesRange(x, v as { min: number | null; max: number | null });
      }
    };
    const expirationLevel = (f: CompiledFilter) =>
      ['days_to_expiration', 'expiration_date', 'expiration_type'].includes(f.definition.name);
    const commonRange = legFilters.filter((f) => f.index === null && !isClosest(f));
    const passesCommon = (row: number) => isTradable(view, row) && commonRange.every((f) => legOk(f, row));
    // Closest days: the expiration nearest the target among those passing the expiration-level tests.
    const daysClosest = legFilters.find((f) => f.definition.name === 'days_to_expiration' && isClosest(f));
    let allowedExpiration: number | null = null;
    if (daysClosest) {
      const exps: number[] = [];
      const c = view.cols.underlyings;
      for (let gi = c.groupStart[u]!; gi < c.groupEnd[u]!; gi++) {
        const start = view.cols.groups.start[gi]!;
        if (view.cols.groups.end[gi]! <= start || !(view.expiryMs[view.cols.groups.expiration[gi]!]! > asOf))
          continue;
        if (commonRange.filter(expirationLevel).every((f) => legOk(f, start))) exps.push(start);
      }
      const best = nearest(exps, (r) =>
        Math.abs(LEG_NUMBERS.days_to_expiration!(ctx, r) - target(daysClosest)),
      );
      allowedExpiration = best.length > 0 ? expirationOf(best[0]!) : -1;
    }
    const moneyClosest = legFilters.find((f) => f.definition.name === 'moneyness' && isClosest(f));
    const closestStrike = (row: number): number => {
      // Nearest strike of the row's expiration among strikes with an option passing the common tests.
      const o = view.cols.options;
      const c = view.cols.underlyings;
      const strikes: number[] = [];
      for (let r = c.optionStart[u]!; r < c.optionEnd[u]!; r++)
        if (expirationOf(r) === expirationOf(row) && passesCommon(r)) strikes.push(o.strike[r]!);
      const best = nearest(
        [...new Set(strikes)].sort((a, b) => a - b),
        (k) => Math.abs((k - state.price) / state.price - target(moneyClosest!)),
      );
      return best[0] ?? Number.NaN;
    };
    const candidates = enumerate(view, u, s, spec).filter((cand) =>
      cand.rows.every((row, leg) => {
        if (!passesCommon(row)) return false;
        if (allowedExpiration !== null && expirationOf(row) !== allowedExpiration) return false;
        if (moneyClosest && view.cols.options.strike[row] !== closestStrike(row)) return false;
        for (const f of legFilters.filter((x) => x.index === leg + 1)) {
          if (!isClosest(f)) {
            if (!legOk(f, row)) return false;
            continue;
          }
          // Closest leg delta: the option of this leg's right and expiration nearest the target.
          const o = view.cols.options;
          const c = view.cols.underlyings;
          const own = legFilters.filter((x) => x.index === leg + 1 && !isClosest(x));
          const options: number[] = [];
          for (let r = c.optionStart[u]!; r < c.optionEnd[u]!; r++) {
            if (expirationOf(r) !== expirationOf(row) || o.right[r] !== o.right[row]) continue;
            if (!passesCommon(r) || !own.every((x) => legOk(x, r))) continue;
            if (moneyClosest && o.strike[r] !== closestStrike(r)) continue;
            options.push(r);
          }
          const best = nearest(options, (r) => Math.abs(cache.legDelta(r) - target(f)));
          if (best[0] !== row) return false;
        }
        return true;
      }),
    );
    // A leg-numbered filter past the last leg: its value is missing.
    if (
      legFilters.some(
        (f) =>
          f.index !== null &&
          f.index > s.options.length &&
          (isClosest(f) || !matchesRange(Number.NaN, f.value as never)),
      )
    )
      continue;

    const passing: RefTrade[] = [];
    const widthClosest = compiled.find((f) => f.definition.name === 'spread_width' && isClosest(f));
    const kept: { t: RefTrade; width: number }[] = [];
    for (const cand of candidates) {
      const m = tradeMetrics(tradeInput(view, u, s, cand.rows, level), scenarioList);
      const values = m as unknown as Record<string, unknown>;
      let ok = true;
      let scenarioIndex = 0;
      for (const f of compiled) {
        const stage = f.definition.stage;
        if (stage === 'underlying' || stage === 'leg') continue;
        if (f === widthClosest) continue;
        const name = f.definition.name;
        const v = f.value as FilterValue;
        let x: number;
        if (stage === 'scenario') {
          x = (m.scenarios[scenarioIndex++]![name as 'shift_pl'] as number | null) ?? Number.NaN;
        } else if (f.index !== null) {
          const list = values[name] as readonly (number | null)[] | null;
          x = list?.[f.index - 1] ?? Number.NaN;
        } else if (name === 'earnings_date') {
          const last = Math.max(...m.expiration_date.map((d) => Date.parse(`${d}T00:00:00Z`) / DAY));
          const e = view.cols.underlyings.earningsDate[u]!;
          x = EARNINGS_RELATIONS.indexOf(e <= last ? 'before_expiration' : 'after_expiration');
          if (v.type === 'equals' && x !== EARNINGS_RELATIONS.indexOf(v.value as 'before_expiration'))
            ok = false;
          continue;
        } else {
          const raw = values[name];
          x =
            typeof raw === 'string'
              ? SHAPES.indexOf(raw as 'balanced')
              : ((raw as number | null) ?? Number.NaN);
        }
        if (v.type === 'choice_map') {
          const code = Number.isNaN(x) ? null : SHAPES[x]!;
          if (v.values.length > 0 && (code === null || !v.values.includes(code))) ok = false;
        } else if (!matchesRange(x, v as { min: number | null; max: number | null })) ok = false;
        if (!ok) break;
      }
      if (!ok) continue;
      // Something to gain and something to lose on the shown prices.
      if (!isTakeable(m, state.price)) continue;
      const keys = sortKeys.map((k) => {
        switch (k.kind) {
          case 'trade': {
            const raw = values[k.key];
            return typeof raw === 'string'
              ? SHAPES.indexOf(raw as 'balanced')
              : ((raw as number | null) ?? Number.NaN);
          }
          case 'breakeven': {
            const list = values[k.name === 'breakeven' ? 'breakevens' : k.name] as (number | null)[] | null;
            return list?.[k.index - 1] ?? Number.NaN;
          }
          case 'scenario': {
            if (!k.shift) return Number.NaN;
            const extra = tradeMetrics(tradeInput(view, u, s, cand.rows, level), [k.shift]);
            return (extra.scenarios[0]![k.name] as number | null) ?? Number.NaN;
          }
          case 'leg':
            return k.index <= cand.rows.length
              ? legValue(view, cache, u, k.name, cand.rows[k.index - 1]!, m, k.index - 1)
              : Number.NaN;
          default:
            // Underlying columns; text sorts by the text's rank, filled in below.
            return isText(k.name) ? Number.NaN : (UNDERLYING_NUMBERS[k.name]?.(view, u) ?? Number.NaN);
        }
      });
      const t: RefTrade = { u, rows: cand.rows, keys, metrics: m };
      if (widthClosest)
        kept.push({ t, width: Math.abs((m.spread_width ?? Number.NaN) - target(widthClosest)) });
      else passing.push(t);
    }
    if (widthClosest)
      passing.push(
        ...nearest(
          kept.filter((k) => !Number.isNaN(k.width)),
          (k) => k.width,
        ).map((k) => k.t),
      );
    if (passing.length > 0) groups.push({ symbol: view.symbols[u]!, count: passing.length, trades: passing });
  }

  // Text sort keys: the underlying's text (symbol, industry) ranks in code-unit order.
  sortKeys.forEach((k, i) => {
    if (k.kind !== 'underlying' || !isText(k.name)) return;
    const texts = [...new Set(groups.map((g) => textOf(k.name, g.trades[0]!.u)))].sort();
    for (const g of groups)
      for (const t of g.trades) (t.keys as number[])[i] = texts.indexOf(textOf(k.name, t.u));
  });

  const cmp = (a: RefTrade, b: RefTrade): number => {
    for (let i = 0; i < sortKeys.length; i++) {
      const x = a.keys[i]!;
      const y = b.keys[i]!;
      if (Number.isNaN(x) && Number.isNaN(y)) continue;
      if (Number.isNaN(x)) return 1;
      if (Number.isNaN(y)) return -1;
      if (x !== y) return sortKeys[i]!.desc ? (x > y ? -1 : 1) : x < y ? -1 : 1;
    }
    const sa = symbolOrder(a.u);
    const sb = symbolOrder(b.u);
    if (sa !== sb) return sa < sb ? -1 : 1;
    for (let i = 0; i < a.rows.length; i++) if (a.rows[i] !== b.rows[i]) return a.rows[i]! - b.rows[i]!;
    return 0;
  };
  const limit = spec.narrowedToSymbol ? opts.narrowedMax : opts.similar + 1;
  const sorted = groups.map((g) => ({ ...g, trades: [...g.trades].sort(cmp).slice(0, limit) }));
  return sorted.sort((a, b) => cmp(a.trades[0]!, b.trades[0]!));
}
