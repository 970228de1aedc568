/**
 * What each route's path and search parameters may be, read once by the route itself so a
 * screen gets typed values (`getRouteApi(path).useParams()`), never raw strings to re-check.
 * A value that is not valid parses to null and the route answers not found. The same rules as
 * the API's (canonical ids, tickers, plan ids); plain functions rather than zod schemas, because
 * the router is in the app's first download and zod is not (docs/ARCHITECTURE.md).
 *
 * Screens read them as `const params: SettingsParams = getRouteApi(path).useParams()`: the
 * router's registered types resolve to `any` under this TypeScript (its route-id map collapses to
 * an index signature), so the interfaces below say what each route's parse gives.
 */
import { parseId } from '#api/canonical-id.ts';
import { TRADE_VIEWS, type TradeView } from '#api/trade-views.ts';
import { isStockSymbol } from '#domain/contracts/stock-symbol.ts';
// A price unit is a shift unit: the check comes from there, without the analyzer's unit conversions.
import { isShiftUnit } from '#domain/metrics/types.ts';
import { isValidPlanId, type PlanId } from '#domain/plans/plan-id.ts';
import { ANALYZER_BEHAVIORS, type AnalyzerBehavior, SCENARIO_SLOTS } from '#domain/scenario/behaviors.ts';
import type { PriceUnit } from '#domain/scenario/price-units.ts';

/** A required path segment: the value, or null when it does not parse (the route is not found). */
export const idParam = (raw: string): number | null => parseId(raw);

/** An optional segment: undefined when absent, null when present but not valid. */
export const optionalId = (raw: string | undefined): number | null | undefined =>
  raw === undefined ? undefined : parseId(raw);

/** A ticker in a path, any case (`/analyzer/brk.b`), upper-cased. */
export function optionalSymbol(raw: string | undefined): string | null | undefined {
  if (raw === undefined) return undefined;
  const symbol = raw.toUpperCase();
  return isStockSymbol(symbol) ? symbol : null;
}

export function planIdParam(raw: string | undefined): PlanId | null | undefined {
  if (raw === undefined) return undefined;
  const id = parseId(raw);
  return isValidPlanId(id) ? id : null;
}

/** A choice among fixed words. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (raw: string): T | null =>
    (values as readonly string[]).includes(raw) ? (raw as T) : null;

/** Path values back to text, for links (`undefined` drops an optional segment). */
export const asText = (value: number | string | null | undefined): string | undefined =>
  value === null || value === undefined ? undefined : String(value);

export interface TradesSearch {
  readonly accountId?: number | undefined;
  readonly view?: TradeView | undefined;
}

/**
 * /trades?accountId=3&view=closed: malformed values are dropped, not errors. Both keys are
 * always in the answer (undefined when dropped): the router lays a route's search over the raw
 * one, so a key left out would keep its raw value.
 */
export function tradesSearch(search: Record<string, unknown>): TradesSearch {
  const accountId = typeof search.accountId === 'number' ? parseId(String(search.accountId)) : null;
  return { accountId: accountId ?? undefined, view: TRADE_VIEWS.find((v) => v === search.view) };
}

export type PricingCycle = 'monthly' | 'yearly';

export interface PricingSearch {
  /** The plans shown: monthly or yearly prices; absent, the page picks (docs/BILLING-SCREENS.md). */
  readonly cycle?: PricingCycle | undefined;
  /** 'cancelled': the subscription was just cancelled (the account page sends the user here). */
  readonly notice?: 'cancelled' | undefined;
}

/** /pricing?cycle=monthly&notice=cancelled: any other value of either is dropped. */
export function pricingSearch(search: Record<string, unknown>): PricingSearch {
  return {
    cycle: search.cycle === 'monthly' || search.cycle === 'yearly' ? search.cycle : undefined,
    notice: search.notice === 'cancelled' ? 'cancelled' : undefined,
  };
}

export type ThankYouState = 'immediate' | 'pending';

export interface ThankYouSearch {
  /** How a plan change ended (domain `thankYouState`); absent after a purchase in the store. */
  readonly state?: ThankYouState | undefined;
}

/** /thankyou/112?state=pending: any other value is dropped (the order is being processed). */
export function thankYouSearch(search: Record<string, unknown>): ThankYouSearch {
  return { state: search.state === 'immediate' || search.state === 'pending' ? search.state : undefined };
}

export interface CheckoutParams {
  readonly planId: PlanId;
}
export interface ThankYouParams {
  readonly planId: PlanId | undefined;
}

/** The parsed parameters of each route, as its screen reads them (see the note at the top). */
export interface SettingsParams {
  readonly section: import('./screens/settings/sections.ts').SettingsSection | null;
}
export interface IntegrationsParams {
  readonly view: 'excel' | 'sheets' | null;
}
export interface OrderTicketParams {
  readonly ticket: string;
}
export interface OrderCloseParams {
  readonly openingOrderId: number | null;
}
export interface OrderEditParams {
  readonly orderId: number | null | undefined;
}

export interface ScanParams {
  readonly scanId: number | null | undefined;
  readonly symbol: string | null | undefined;
}

/** A results sort in the address: `sort=stock_last.desc,expiration_date.asc` (two at most). */
export type SortInUrl = readonly (readonly [string, 'asc' | 'desc'])[];

export interface ScanSearch {
  /** The results page as the pager numbers it (1 = the first). */
  readonly page?: number | undefined;
  /** `stock_last.desc,expiration_date.asc`: kept as text, so the address stays readable. */
  readonly sort?: string | undefined;
}

const SORT_PART = /^([a-z][a-z0-9_]*)\.(asc|desc)$/;

/** `key.dir,key.dir` → pairs; undefined when any part is malformed (the scan's own sort stays). */
export function sortOf(value: unknown): SortInUrl | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  const pairs = value.split(',').map((part) => SORT_PART.exec(part));
  if (pairs.length > 2 || pairs.some((m) => m === null)) return undefined;
  return pairs.map((m) => [m?.[1] ?? '', m?.[2] === 'asc' ? 'asc' : 'desc'] as const);
}

export const sortText = (sort: SortInUrl): string => sort.map(([key, dir]) => `${key}.${dir}`).join(',');

/** /screener/scan/…?page=3&sort=stock_last.desc: the page and sort a shared or reloaded link shows. */
export function scanSearch(search: Record<string, unknown>): ScanSearch {
  const page = typeof search.page === 'number' ? parseId(String(search.page)) : null;
  return { page: page ?? undefined, sort: sortOf(search.sort) ? (search.sort as string) : undefined };
}

/** The analyzer's views (spec 3 §2): standard strategies, the user's scans, the gallery's. */
export const ANALYZER_VIEWS = ['scenario', 'saved', 'predefined'] as const;
export type AnalyzerView = (typeof ANALYZER_VIEWS)[number];

/** The analyzer's bid/ask levels by name (spec 3 §9): mid 0, conservative 0.5, best case −0.5. */
export const ANALYZER_FILLS = ['mid', 'conservative', 'best'] as const;
export type AnalyzerFill = (typeof ANALYZER_FILLS)[number];

export interface AnalyzerParams {
  readonly symbol: string | undefined;
}

/**
 * What a run of the analyzer was asked with, so a reload or a shared link shows the same analysis:
 * prices in dollars, volatility and drift in percent, the slider's slot. Every key is always in
 * the answer (undefined when absent or malformed).
 */
export interface AnalyzerSearch {
  readonly view: AnalyzerView | undefined;
  readonly date: string | undefined;
  readonly target: AnalyzerBehavior | undefined;
  /** The level of an above/below view. */
  readonly value: number | undefined;
  /** The band of a range view. */
  readonly from: number | undefined;
  readonly to: number | undefined;
  readonly unit: PriceUnit | undefined;
  readonly vol: number | undefined;
  readonly drift: number | undefined;
  readonly fill: AnalyzerFill | undefined;
  readonly unbalanced: boolean | undefined;
  readonly maxRisk: number | undefined;
  readonly slot: number | undefined;
}

const numberIn = (value: unknown, min: number, max: number): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : undefined;
const wordOf = <T extends string>(words: readonly T[], value: unknown): T | undefined =>
  words.find((w) => w === value);
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /analyzer/SPY?view=scenario&date=2026-12-18&target=insideRange&from=700&to=760&vol=18&drift=4.07 */
export function analyzerSearch(search: Record<string, unknown>): AnalyzerSearch {
  const slot = numberIn(search.slot, 0, SCENARIO_SLOTS - 1);
  return {
    view: wordOf(ANALYZER_VIEWS, search.view),
    date: typeof search.date === 'string' && ISO_DATE.test(search.date) ? search.date : undefined,
    target: wordOf(ANALYZER_BEHAVIORS, search.target),
    value: numberIn(search.value, 0.01, 1_000_000),
    from: numberIn(search.from, 0.01, 1_000_000),
    to: numberIn(search.to, 0.01, 1_000_000),
    unit: isShiftUnit(search.unit) ? search.unit : undefined,
    vol: numberIn(search.vol, 0.01, 500),
    drift: numberIn(search.drift, -100, 100),
    fill: wordOf(ANALYZER_FILLS, search.fill),
    unbalanced: typeof search.unbalanced === 'boolean' ? search.unbalanced : undefined,
    maxRisk: numberIn(search.maxRisk, 0.01, 100_000_000),
    slot: slot !== undefined && Number.isInteger(slot) ? slot : undefined,
  };
}
