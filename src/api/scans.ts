/**
 * Scan calls (spec 2 §7): run a scan, the filters a strategy offers, and the CSV exports. The app
 * imports the types; the server validates with the schemas. Filter values are checked by the
 * filter catalogue (`compileFilters`), so a malformed one answers 400 naming the filter.
 */
import { z } from 'zod';
import { SCREENER_STRATEGY_KEYS } from '#domain/strategies/strategy-key.ts';

/** The CSV exports (their calls: `SCAN_EXPORT_CALLS` in `contract.ts`). */
export type ScanExportKind = 'underlyings_page' | 'underlyings_all' | 'options_all';

const symbol = z
  .string()
  .max(12)
  .regex(/^[A-Z]+(?:\.[A-Z]+)*$/, 'Not a ticker symbol.');
const key = z.string().min(1).max(80);

/** A custom strategy leg (spec 2 §5): later option legs say how their strike relates to the leg above. */
export const customLegSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('stock'), quantity: z.int().min(-900).max(900) }),
  z.strictObject({
    kind: z.literal('option'),
    right: z.enum(['CALL', 'PUT']),
    /** Signed contracts: + buy, − sell. */
    quantity: z.int().min(-99).max(99),
    strike: z.enum(['same', 'greater']).optional(),
  }),
]);

/** The ratio editor's counts (spec 2 §5): each 1–99, fewer long than short. */
export const ratioCountsSchema = z.strictObject({
  long: z.int().min(1).max(99),
  short: z.int().min(1).max(99),
});

/** The scan definition shared by run and export. */
export const scanDefinitionSchema = z.strictObject({
  strategy: z.enum(SCREENER_STRATEGY_KEYS),
  /** Custom strategies only: up to 4 option legs and 1 stock leg. */
  legs: z.array(customLegSchema).max(8).nullish(),
  /** Ratio spreads only; default 1 long : 2 short. */
  ratio: ratioCountsSchema.nullish(),
  /** Filter key → value in the filter catalogue's tagged shapes (docs/FILTERS.md); null = not set. */
  filters: z.record(key, z.unknown()).default({}),
  /** Up to two [column key, direction]; the strategy's default when empty. */
  sorting: z
    .array(z.tuple([key, z.enum(['asc', 'desc'])]))
    .max(2)
    .nullish(),
  calculationSettings: z.strictObject({ bid_ask_level: z.number() }).nullish(),
  narrowedToSymbol: symbol.nullish(),
  /** Column keys the rows carry; default: the default columns and the active filters' ones. */
  columns: z.array(key).max(100).nullish(),
  page: z.int().min(0).max(100_000).default(0),
  /** A previous answer's id: same definition → that result's pages, no recompute. */
  cacheId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'Not a cache id.')
    .nullish(),
});
export type ScanDefinition = z.infer<typeof scanDefinitionSchema>;

export const scanFiltersQuerySchema = z.strictObject({ strategy: z.enum(SCREENER_STRATEGY_KEYS) });

/** `GET /scans/filters?strategy=…`: the filter names offered for the strategy. */
export interface ScanFiltersAnswer {
  strategy: string;
  filters: string[];
}

/** One leg of a result trade. */
export interface ScanRowLeg {
  /** Contract id (`AAPL260320C150`), or the symbol for the stock leg. */
  readonly contract: string;
  readonly kind: 'stock' | 'option';
  readonly right: 'CALL' | 'PUT' | null;
  readonly expiration: string | null;
  readonly strike: number | null;
  /** Signed: contracts for options, shares for stock. */
  readonly quantity: number;
  readonly bid: number;
  readonly ask: number;
  readonly iv: number | null;
  readonly delta: number;
  readonly open_interest: number | null;
}

export type ScanRowValue =
  | number
  | string
  | boolean
  | null
  | readonly (number | string | null)[]
  | Record<string, number>;

/** A trade row (spec 2 §3.7): values in stored units, by datapoint name. */
export interface ScanTradeRow {
  /** The trade's legs as one id: contract ids and quantities. */
  readonly id: string;
  readonly underlying: string;
  readonly strategy: string;
  readonly legs: readonly ScanRowLeg[];
  /** Datapoint name → value, for the chosen columns. */
  readonly values: Readonly<Record<string, ScanRowValue>>;
}

/** A ticker's row: its best trade, and its next best ones on expand. */
export interface ScanGroupRow extends ScanTradeRow {
  /**
   * Passing trades of this ticker besides this one; null when not counted (the ticker has at least
   * as many as `similar` shows plus one: narrow the scan to the ticker to see and count them all).
   */
  readonly similarCount: number | null;
  /** The next best trades of the ticker (up to 9), best first. */
  readonly similar: readonly ScanTradeRow[];
}

/** `POST /scans/run`: one page of a scan's results. */
export interface ScanRunAnswer {
  /** One row per ticker (best trade, with its similar trades), or the trades of a narrowed scan. */
  readonly items: readonly (ScanGroupRow | ScanTradeRow)[];
  readonly pageSize: number;
  /** Rows over all pages: tickers, or the narrowed ticker's trades. */
  readonly totalCount: number;
  readonly page: number;
  readonly cacheId: string;
  readonly narrowed: boolean;
  /** Market instant of the results (ISO). */
  readonly asOf: string;
  readonly columns: readonly string[];
}

/** The export form's fields (`application/x-www-form-urlencoded`). */
export const scanExportFormSchema = z.object({
  /** `Bearer <token>`; missing or malformed answers 401. */
  Authorization: z.string().max(8192).optional(),
  /** The scan definition as JSON. */
  body: z.string().max(200_000),
});
