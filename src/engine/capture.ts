/**
 * A scan's market, kept with its results: a compact copy of the snapshot columns of the
 * underlyings and options its kept trades use, taken while the scan's frame is still pinned.
 * Paging and exports build rows from it later, so a cached scan shows the numbers of the instant it
 * was run at (the live frames move on) and no frame stays pinned (which would stall the writer).
 * Cost: one pass over (kept underlyings × underlying columns + kept options × option columns).
 */
import type { SmileTable } from '#domain/pricing/smile.ts';
import type { FrameColumns } from './frame-views.ts';
import { MarketView } from './market-view.ts';

type Typed = Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

// One copy loop per element type: a single generic loop would see every array type and run
// megamorphic (several times slower). Row `index[i]` of the source goes to row `place[i]` of the
// copy: the option rows are read in ascending order (nearly every read misses the cache, and
// ascending addresses are what the memory system serves fastest) and placed in the capture's order.
function pickF64(src: Float64Array, index: Int32Array, place: Int32Array): Float64Array {
  const dst = new Float64Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}
function pickF32(src: Float32Array, index: Int32Array, place: Int32Array): Float32Array {
  const dst = new Float32Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}
function pickI32(src: Int32Array, index: Int32Array, place: Int32Array): Int32Array {
  const dst = new Int32Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}
function pickU32(src: Uint32Array, index: Int32Array, place: Int32Array): Uint32Array {
  const dst = new Uint32Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}
function pickU16(src: Uint16Array, index: Int32Array, place: Int32Array): Uint16Array {
  const dst = new Uint16Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}
function pickU8(src: Uint8Array, index: Int32Array, place: Int32Array): Uint8Array {
  const dst = new Uint8Array(index.length);
  for (let i = 0; i < index.length; i++) dst[place[i]!] = src[index[i]!]!;
  return dst;
}

function pickColumn(src: Typed, index: Int32Array, place: Int32Array): Typed {
  if (src instanceof Float64Array) return pickF64(src, index, place);
  if (src instanceof Int32Array) return pickI32(src, index, place);
  if (src instanceof Uint32Array) return pickU32(src, index, place);
  if (src instanceof Uint16Array) return pickU16(src, index, place);
  if (src instanceof Uint8Array) return pickU8(src, index, place);
  return pickF32(src, index, place);
}

function pick<T extends object>(columns: T, index: Int32Array, place: Int32Array): T {
  const out: Record<string, Typed> = {};
  for (const [name, src] of Object.entries(columns) as [string, Typed][])
    out[name] = pickColumn(src, index, place);
  return out as T;
}

/** The smiles of the captured options' (underlying, expiration)s, fitted to the whole chain. */
function capturedSmiles(
  view: MarketView,
  sortedRows: Int32Array,
  underlyingOf: ReadonlyMap<number, number>,
): Map<number, SmileTable | null> {
  const smiles = new Map<number, SmileTable | null>();
  if (view.probabilityModel !== 'smile') return smiles;
  const o = view.cols.options;
  const expirations = view.expirations.length;
  for (const row of sortedRows) {
    const u = o.underlying[row]!;
    const e = o.expiration[row]!;
    const key = underlyingOf.get(u)! * expirations + e;
    if (!smiles.has(key)) smiles.set(key, view.smileTable(u, e));
  }
  return smiles;
}

export interface Capture {
  readonly view: MarketView;
  /** Original underlying row → row in the capture. */
  readonly underlyingOf: ReadonlyMap<number, number>;
  /** Bytes of the copied columns. */
  readonly bytes: number;
}

/**
 * Copies `underlyings` (original rows) and `rows` (original option rows, each belonging to one
 * of them) out of `view`; `captured[i]` is the capture row of `rows[i]`. In the capture each
 * underlying's options are contiguous, so its option range (`optionStart`, `optionEnd`) is valid;
 * groups are not kept.
 */
export function captureView(
  view: MarketView,
  underlyings: readonly number[],
  rows: Int32Array,
): { readonly capture: Capture; readonly captured: Int32Array } {
  // Distinct rows, ascending.
  const all = Int32Array.from(rows).sort();
  let n = 0;
  for (let i = 0; i < all.length; i++) if (i === 0 || all[i] !== all[i - 1]) all[n++] = all[i]!;
  const sortedRows = all.subarray(0, n);
  const us = Int32Array.from(underlyings);
  const underlyingOf = new Map<number, number>();
  us.forEach((u, i) => {
    underlyingOf.set(u, i);
  });
  // Snapshot rows are sorted by underlying row, so each underlying's distinct rows are one run of
  // `sortedRows`; the capture lays the runs out in the order of `underlyings`.
  const optionU = view.cols.options.underlying;
  const runOf = new Map<number, number>();
  for (let i = 0; i < n; i++)
    if (i === 0 || optionU[sortedRows[i]!] !== optionU[sortedRows[i - 1]!])
      runOf.set(optionU[sortedRows[i]!]!, i);
  /** Capture row of each of `sortedRows`. */
  const placed = new Int32Array(n);
  const start = new Int32Array(us.length);
  const end = new Int32Array(us.length);
  let at = 0;
  us.forEach((u, i) => {
    start[i] = at;
    const first = runOf.get(u);
    if (first !== undefined)
      for (let j = first; j < n && optionU[sortedRows[j]!] === u; j++) placed[j] = at++;
    end[i] = at;
  });
  if (at !== n) throw new Error('captureView: an option row of an underlying not captured');
  // Each row's place among the distinct rows by binary search: a map over every option row of the
  // market (1.1 million at L) cost more to allocate and fill than the whole capture.
  const captured = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sortedRows[mid]! < row) lo = mid + 1;
      else hi = mid;
    }
    captured[i] = placed[lo]!;
  }
  const options = pick(view.cols.options, sortedRows, placed);
  for (let i = 0; i < us.length; i++) options.underlying.fill(i, start[i]!, end[i]!);
  const underlyingCols = pick(
    view.cols.underlyings,
    us,
    Int32Array.from(us, (_, i) => i),
  );
  underlyingCols.optionStart.set(start);
  underlyingCols.optionEnd.set(end);
  underlyingCols.groupStart.fill(0);
  underlyingCols.groupEnd.fill(0);
  const cols: FrameColumns = {
    options,
    groups: pick(view.cols.groups, new Int32Array(0), new Int32Array(0)),
    underlyings: underlyingCols,
  };
  let bytes = 0;
  for (const table of [cols.options, cols.underlyings])
    for (const column of Object.values(table) as Typed[]) bytes += column.byteLength;
  const capture: Capture = {
    underlyingOf,
    bytes,
    view: new MarketView({
      cols,
      symbols: Array.from(us, (u) => view.symbols[u]!),
      expirations: view.expirations,
      industries: view.industries,
      asOfMs: view.asOfMs,
      riskFreeRate: view.rate,
      expirationTables: view,
      probabilityModel: view.probabilityModel,
      smiles: capturedSmiles(view, sortedRows, underlyingOf),
    }),
  };
  return { capture, captured };
}
