/**
 * Live trade values merged into cached rows (spec 2 §4.7): pushed values replace the row's live
 * fields only (descriptive, fundamental and technical fields are never touched, whatever arrives),
 * legs take their new quotes, and stock_last, stock_change, bid, ask and mid carry a direction in
 * `changes` (1 up, −1 down; an unchanged value keeps the previous direction). Rows that did not
 * change keep their identity, so only changed rows render again.
 */
import {
  DIRECTION_FIELDS,
  type DirectionField,
  isLiveTradeField,
  type LiveTradeChange,
  type LiveValue,
} from '#api/hub.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { formatContractId, parseContractId } from '#domain/contracts/contract-id.ts';

export type Direction = 1 | -1;
export type Directions = Readonly<Partial<Record<DirectionField, Direction>>>;

/** A pushed leg with its contract id turned back into a contract. */
export interface LiveTradeLeg {
  readonly contract: Contract;
  readonly quantity: number;
  readonly bid: number;
  readonly ask: number;
  readonly iv: number | null;
  readonly delta: number | null;
}

export interface LiveTradeUpdate {
  readonly registrationId: string;
  readonly id: string;
  readonly values: Readonly<Record<string, LiveValue>>;
  readonly legs: readonly LiveTradeLeg[] | null;
}

/** The shape of a row the merge updates: a scan row (its legs hold contract ids) or alike. */
export interface LiveRow {
  readonly id: string;
  readonly values: Readonly<Record<string, unknown>>;
  readonly legs?: readonly {
    readonly contract: string | Contract;
    readonly bid?: number;
    readonly ask?: number;
  }[];
  /** Direction of the last change of each direction field. */
  readonly changes?: Directions;
}

export function decodeTradeChange(change: LiveTradeChange): LiveTradeUpdate {
  return {
    registrationId: change.registrationId,
    id: change.id,
    values: change.values,
    legs: change.legs?.map((leg) => ({ ...leg, contract: parseContractId(leg.contract) })) ?? null,
  };
}

function direction(before: unknown, after: LiveValue | undefined, previous: Direction | undefined) {
  if (typeof before !== 'number' || typeof after !== 'number') return previous;
  return after > before ? 1 : after < before ? -1 : previous;
}

const idOf = (contract: string | Contract): string =>
  typeof contract === 'string' ? contract : formatContractId(contract);

/** `row` with the update applied. */
export function mergeRow<R extends LiveRow>(row: R, update: LiveTradeUpdate): R {
  const values: Record<string, unknown> = { ...row.values };
  for (const [name, value] of Object.entries(update.values)) if (isLiveTradeField(name)) values[name] = value;
  const changes: Partial<Record<DirectionField, Direction>> = { ...row.changes };
  for (const field of DIRECTION_FIELDS) {
    const d = direction(row.values[field], update.values[field], row.changes?.[field]);
    if (d !== undefined) changes[field] = d;
  }
  const pushed = update.legs;
  const legs =
    pushed && row.legs
      ? row.legs.map((leg) => {
          const id = idOf(leg.contract);
          const quote = pushed.find((p) => formatContractId(p.contract) === id);
          return quote ? { ...leg, bid: quote.bid, ask: quote.ask, iv: quote.iv, delta: quote.delta } : leg;
        })
      : row.legs;
  return { ...row, values, changes, ...(legs ? { legs } : {}) };
}

const isRow = (x: unknown): x is LiveRow & { similar?: unknown } =>
  typeof x === 'object' &&
  x !== null &&
  typeof (x as LiveRow).id === 'string' &&
  typeof (x as LiveRow).values === 'object';

function mergeList(
  list: readonly unknown[],
  updates: ReadonlyMap<string, LiveTradeUpdate>,
): readonly unknown[] {
  let changed = false;
  const next = list.map((item) => {
    if (!isRow(item)) return item;
    const update = updates.get(item.id);
    let row: LiveRow & { similar?: unknown } = update ? mergeRow(item, update) : item;
    if (Array.isArray(row.similar)) {
      const similar = mergeList(row.similar, updates);
      if (similar !== row.similar) row = { ...row, similar };
    }
    if (row !== item) changed = true;
    return row;
  });
  return changed ? next : list;
}

/**
 * Cached data with the updates (by trade id) applied to its rows: a list of rows, or an answer
 * whose `items` are rows (a scan page); rows' `similar` trades too. Anything else is returned as is.
 */
export function mergeTradeData<T>(data: T, updates: ReadonlyMap<string, LiveTradeUpdate>): T {
  if (Array.isArray(data)) return mergeList(data, updates) as T;
  if (typeof data !== 'object' || data === null || !('items' in data)) return data;
  const { items } = data;
  if (!Array.isArray(items)) return data;
  const merged = mergeList(items, updates);
  return merged === items ? data : ({ ...data, items: merged } as T);
}
