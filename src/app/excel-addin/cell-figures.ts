/**
 * What the Excel add-in's cell functions show (docs/ADDIN.md): `=OS.QUOTE(symbols, [field])` and
 * `=OS.OPTION(contracts, [field])` take a name or a range of them and answer in the range's shape.
 * Excel calls a function once per formula, so a sheet of single-name formulas would make one
 * request each: the calls made within `BATCH_MS` of each other go out together, as few requests
 * of at most 100 names as they need, and an answer serves every formula asking within
 * `FRESH_MS`.
 */
import type { AddinOption, AddinQuote } from '#api/addin.ts';
import { ADDIN_MAX_ITEMS, ADDIN_OPTION_FIELDS, ADDIN_QUOTE_FIELDS } from '#api/addin-fields.ts';
import { EXCEL_REFRESH_MS } from '#api/excel-addin.ts';
import { API_BASE } from '#api/paths.ts';

export const BATCH_MS = 25;
/**
 * Half the refresh interval: formulas calculated together share an answer, and each minute's
 * refresh reads new figures (an answer kept a whole minute served the next refresh, so a cell
 * could show figures almost two minutes old).
 */
export const FRESH_MS = EXCEL_REFRESH_MS / 2;
export const NOT_LISTED = 'Not listed';
export const NO_TOKEN =
  'Paste your OptionScout access token in the OptionScout pane (Home tab, OptionScout).';
export const TOKEN_REFUSED =
  'OptionScout refused the access token: make a new one on the integrations page and paste it in the OptionScout pane.';

export type CellKind = 'quotes' | 'options';
/** A formula's argument: Excel hands a range, or a single value, as rows of cells. */
export type Cells = readonly (readonly unknown[])[];
export type CellValue = number | string;

const KINDS = {
  quotes: { param: 'symbols', fields: ADDIN_QUOTE_FIELDS, field: 'last' },
  options: { param: 'contracts', fields: ADDIN_OPTION_FIELDS, field: 'mid' },
} as const;

type Item = AddinQuote | AddinOption;

/** A failure a cell shows as its error, with this message. */
export class CellError extends Error {}

export interface CellFiguresDeps {
  /** The server's address, e.g. https://app.example.com. */
  readonly origin: string;
  readonly token: () => string | null;
  readonly fetch: typeof fetch;
  readonly now: () => number;
}

interface Waiting {
  readonly names: readonly string[];
  readonly done: (error: Error | null) => void;
}

const cellName = (cell: unknown): string | null =>
  cell === null || cell === undefined || String(cell).trim() === ''
    ? null
    : String(cell).trim().toUpperCase();

export function cellFigures(deps: CellFiguresDeps) {
  const known = new Map<string, { item: Item | null; at: number }>();
  const queued: Record<CellKind, Waiting[]> = { quotes: [], options: [] };
  const timers: Partial<Record<CellKind, ReturnType<typeof setTimeout>>> = {};

  const key = (kind: CellKind, name: string) => `${kind}:${name}`;
  const fresh = (kind: CellKind, name: string) => {
    const hit = known.get(key(kind, name));
    return hit !== undefined && deps.now() - hit.at < FRESH_MS;
  };

  async function request(kind: CellKind, names: readonly string[], token: string): Promise<void> {
    const { param } = KINDS[kind];
    const url = `${deps.origin.replace(/\/+$/, '')}${API_BASE}/addin/${kind}?${param}=${encodeURIComponent(names.join(','))}`;
    const response = await deps.fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    if (response.status === 401) throw new CellError(TOKEN_REFUSED);
    if (!response.ok)
      throw new CellError(
        `OptionScout: ${typeof body.message === 'string' ? body.message : `HTTP ${response.status}`}`,
      );
    const items = (body[kind] ?? []) as readonly (Item | null)[];
    const at = deps.now();
    names.forEach((name, i) => {
      known.set(key(kind, name), { item: items[i] ?? null, at });
    });
  }

  /** Sends what the formulas of the last moment asked for, and answers each of them. */
  async function flush(kind: CellKind): Promise<void> {
    delete timers[kind];
    const waiting = queued[kind].splice(0);
    const names = [...new Set(waiting.flatMap((w) => w.names))].filter((n) => !fresh(kind, n));
    let failure: Error | null = null;
    const token = deps.token();
    if (names.length > 0 && !token) failure = new CellError(NO_TOKEN);
    else if (token) {
      for (let i = 0; i < names.length && !failure; i += ADDIN_MAX_ITEMS) {
        try {
          await request(kind, names.slice(i, i + ADDIN_MAX_ITEMS), token);
        } catch (error) {
          failure = error instanceof CellError ? error : new CellError('OptionScout cannot be reached.');
        }
      }
    }
    for (const w of waiting) w.done(failure);
  }

  function load(kind: CellKind, names: readonly string[]): Promise<void> {
    if (names.every((n) => fresh(kind, n))) return Promise.resolve();
    return new Promise((resolve, reject) => {
      queued[kind].push({ names, done: (error) => (error ? reject(error) : resolve()) });
      timers[kind] ??= setTimeout(() => void flush(kind), BATCH_MS);
    });
  }

  return {
    /** The figures of `cells` (empty cells stay empty), `field` of each, in the range's shape. */
    async read(kind: CellKind, cells: Cells, field: string | null | undefined): Promise<CellValue[][]> {
      const spec = KINDS[kind];
      const fieldName = String(field ?? spec.field).toLowerCase();
      const fields: Record<string, string> = spec.fields;
      const property = fields[fieldName];
      if (!property)
        throw new CellError(
          `Unknown field ${fieldName}. Use one of: ${Object.keys(spec.fields).join(', ')}.`,
        );
      const names = [
        ...new Set(
          cells
            .flat()
            .map(cellName)
            .filter((n) => n !== null),
        ),
      ];
      if (names.length > ADDIN_MAX_ITEMS)
        throw new CellError(`At most ${ADDIN_MAX_ITEMS} names in one formula.`);
      await load(kind, names);
      return cells.map((row) =>
        row.map((cell) => {
          const name = cellName(cell);
          if (name === null) return '';
          const item = known.get(key(kind, name))?.item ?? null;
          if (item === null) return NOT_LISTED;
          // A figure the market does not have (a name without options has no iv) stays empty.
          const value: unknown = Reflect.get(item, property);
          return typeof value === 'number' ? value : '';
        }),
      );
    },
  };
}

export type CellFigures = ReturnType<typeof cellFigures>;
