/**
 * The device snapshot: the market a scan reads, for some underlyings only, as one binary answer
 * (`GET /market/snapshot`) that the app keeps in IndexedDB and hands to its scan worker
 * (docs/OFFLINE.md, "Scans on the device"). It holds one frame of the server's snapshot in the
 * same layout (`snapshot-layout.ts`), every column, so the engine's core reads it as it reads the
 * server's and answers the same rows; plus what the underlying stage takes from the provider
 * (names, daily bars) and the pricing inputs (rate, probability model). The option columns the
 * engine derives itself from the quotes and the expiry (`DERIVED_OPTION_COLUMNS`: mid, greeks,
 * time to expiry) are left zero: they compress to nothing, and cost the engine nothing.
 *
 * Wire format, little-endian:
 *   0  "OSDS"                      magic
 *   4  u32 version                 DEVICE_SNAPSHOT_VERSION
 *   8  u32 H                       header length
 *  12  H bytes                     header, UTF-8 JSON (`DeviceSnapshotHeader`)
 *      padding to a multiple of 8, then the sections, each padded to a multiple of 8:
 *      option static, option live, group static, group live, underlying static, underlying live
 *      (the layout's columns, widest first), then the bars: `barStart` (i32, underlyings + 1)
 *      and close, high, low (f64, `barCount` each).
 */
import type { PriceSeries } from '#domain/filters/indicators/price-series.ts';
import type { ProbabilityModel } from '#domain/pricing/terminal-distribution.ts';
import {
  type ColumnType,
  columnsOf,
  GROUP_LIVE,
  GROUP_STATIC,
  OPTION_LIVE,
  OPTION_STATIC,
  type SnapshotBuffers,
  sectionBytes,
  UNDERLYING_LIVE,
  UNDERLYING_STATIC,
} from './snapshot-layout.ts';
import type { UnderlyingExtras } from './underlying-stage.ts';

export const DEVICE_SNAPSHOT_VERSION = 1;
/** The answer's media type. */
export const DEVICE_SNAPSHOT_TYPE = 'application/vnd.optionscout.market-snapshot';
const MAGIC = 0x5344534f; // "OSDS" read as a little-endian u32

/**
 * Option live columns a scan never reads (it prices its legs from bid, ask, IV and the expiry
 * instant): zero in a device snapshot. `tests/unit/engine/device-scan.test.ts` proves the scans
 * unchanged without them.
 */
export const DERIVED_OPTION_COLUMNS: ReadonlySet<string> = new Set([
  'mid',
  'delta',
  'gamma',
  'theta',
  'vega',
  'days',
  'years',
]);

export interface DeviceSnapshotHeader {
  /** Valuation instant of the frame (epoch ms). */
  readonly asOfMs: number;
  readonly riskFreeRate: number;
  readonly probabilityModel: ProbabilityModel;
  readonly optionCount: number;
  readonly groupCount: number;
  readonly underlyingCount: number;
  readonly barCount: number;
  /** Per underlying row. */
  readonly symbols: readonly string[];
  readonly names: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
}

/** A decoded device snapshot: the engine's buffers (one frame, in both frame slots) and extras. */
export interface DeviceSnapshot {
  readonly header: DeviceSnapshotHeader;
  readonly buffers: SnapshotBuffers;
  readonly extras: UnderlyingExtras;
}

/** The server's side: one pinned frame of its snapshot and what the provider knows beside it. */
export interface SnapshotSource {
  readonly buffers: SnapshotBuffers;
  readonly frameIndex: number;
  readonly asOfMs: number;
  readonly riskFreeRate: number;
  readonly probabilityModel: ProbabilityModel;
  readonly extras: UnderlyingExtras;
}

/** A device snapshot that does not decode (not one, another version, cut short). */
export class DeviceSnapshotError extends Error {
  override readonly name = 'DeviceSnapshotError';
}

const pad8 = (n: number) => Math.ceil(n / 8) * 8;

/**
 * The rows of `ranges` of every column of a section but those `left` zero, one range after
 * another, into a new section.
 */
function copyRows(
  schema: Readonly<Record<string, ColumnType>>,
  buffer: ArrayBufferLike,
  rows: number,
  ranges: readonly (readonly [number, number])[],
  count: number,
  left: ReadonlySet<string> = new Set(),
): ArrayBuffer {
  const bytes = new ArrayBuffer(sectionBytes(schema, count));
  const from = columnsOf(schema, buffer, rows);
  const to = columnsOf(schema, bytes, count);
  for (const name of Object.keys(schema)) {
    if (left.has(name)) continue;
    let at = 0;
    for (const [a, b] of ranges) {
      to[name]!.set(from[name]!.subarray(a, b), at);
      at += b - a;
    }
  }
  return bytes;
}

/**
 * Encodes the frame of `source` for the underlying rows `rows` (ascending, each once): their
 * options and expiration groups, every column, row references renumbered.
 */
export function encodeDeviceSnapshot(
  source: SnapshotSource,
  rows: readonly number[],
): Uint8Array<ArrayBuffer> {
  const b = source.buffers;
  const i = source.frameIndex === 1 ? 1 : 0;
  const u = columnsOf(UNDERLYING_STATIC, b.underlyingStatic, b.underlyingCount);
  const optionRanges = rows.map((r) => [u.optionStart[r]!, u.optionEnd[r]!] as const);
  const groupRanges = rows.map((r) => [u.groupStart[r]!, u.groupEnd[r]!] as const);
  const underlyingRanges = rows.map((r) => [r, r + 1] as const);
  const sum = (ranges: readonly (readonly [number, number])[]) => ranges.reduce((n, [a, z]) => n + z - a, 0);
  const optionCount = sum(optionRanges);
  const groupCount = sum(groupRanges);
  const n = rows.length;
  const optionStatic = copyRows(OPTION_STATIC, b.optionStatic, b.optionCount, optionRanges, optionCount);
  const optionLive = copyRows(
    OPTION_LIVE,
    b.optionLive[i],
    b.optionCount,
    optionRanges,
    optionCount,
    DERIVED_OPTION_COLUMNS,
  );
  const groupStatic = copyRows(GROUP_STATIC, b.groupStatic, b.groupCount, groupRanges, groupCount);
  const groupLive = copyRows(GROUP_LIVE, b.groupLive[i], b.groupCount, groupRanges, groupCount);
  const underlyingStatic = copyRows(
    UNDERLYING_STATIC,
    b.underlyingStatic,
    b.underlyingCount,
    underlyingRanges,
    n,
  );
  const underlyingLive = copyRows(
    UNDERLYING_LIVE,
    b.underlyingLive[i],
    b.underlyingCount,
    underlyingRanges,
    n,
  );
  // Row references into the new tables: each underlying's options and groups moved together.
  const os = columnsOf(OPTION_STATIC, optionStatic, optionCount);
  const gs = columnsOf(GROUP_STATIC, groupStatic, groupCount);
  const us = columnsOf(UNDERLYING_STATIC, underlyingStatic, n);
  for (let k = 0, o = 0, g = 0; k < n; k++) {
    const optionShift = o - us.optionStart[k]!;
    const groupShift = g - us.groupStart[k]!;
    const options = us.optionEnd[k]! - us.optionStart[k]!;
    const groups = us.groupEnd[k]! - us.groupStart[k]!;
    for (let x = o; x < o + options; x++) {
      os.underlying[x] = k;
      os.group[x] = os.group[x]! + groupShift;
    }
    for (let x = g; x < g + groups; x++) {
      gs.underlying[x] = k;
      gs.start[x] = gs.start[x]! + optionShift;
      gs.end[x] = gs.end[x]! + optionShift;
    }
    us.optionStart[k] = o;
    us.optionEnd[k] = o + options;
    us.groupStart[k] = g;
    us.groupEnd[k] = g + groups;
    o += options;
    g += groups;
  }
  const symbols = rows.map((r) => b.symbols[r]!);
  const series = symbols.map((s) => source.extras.series(s));
  const barStart = new Int32Array(n + 1);
  series.forEach((s, k) => {
    barStart[k + 1] = barStart[k]! + (s?.close.length ?? 0);
  });
  const barCount = barStart[n]!;
  const bars = (pick: (s: PriceSeries) => ArrayLike<number>) => {
    const out = new Float64Array(barCount);
    series.forEach((s, k) => {
      if (s) out.set(pick(s), barStart[k]!);
    });
    return out;
  };
  const header: DeviceSnapshotHeader = {
    asOfMs: source.asOfMs,
    riskFreeRate: source.riskFreeRate,
    probabilityModel: source.probabilityModel,
    optionCount,
    groupCount,
    underlyingCount: n,
    barCount,
    symbols,
    names: symbols.map((s) => source.extras.name(s)),
    expirations: b.expirations,
    industries: b.industries,
  };
  const sections: ArrayBufferLike[] = [
    optionStatic,
    optionLive,
    groupStatic,
    groupLive,
    underlyingStatic,
    underlyingLive,
    barStart.buffer,
    bars((s) => s.close).buffer,
    bars((s) => s.high).buffer,
    bars((s) => s.low).buffer,
  ];
  const json = new TextEncoder().encode(JSON.stringify(header));
  const start = pad8(12 + json.length);
  const total = sections.reduce((t, s) => t + pad8(s.byteLength), start);
  const out = new Uint8Array(total);
  const head = new DataView(out.buffer);
  head.setUint32(0, MAGIC, true);
  head.setUint32(4, DEVICE_SNAPSHOT_VERSION, true);
  head.setUint32(8, json.length, true);
  out.set(json, 12);
  let at = start;
  for (const s of sections) {
    out.set(new Uint8Array(s), at);
    at += pad8(s.byteLength);
  }
  return out;
}

/** The header of an encoded device snapshot, and where its sections start. */
function headerOf(bytes: ArrayBuffer): { header: DeviceSnapshotHeader; sections: number } {
  if (bytes.byteLength < 12) throw new DeviceSnapshotError('Not a market snapshot.');
  const head = new DataView(bytes);
  if (head.getUint32(0, true) !== MAGIC) throw new DeviceSnapshotError('Not a market snapshot.');
  const version = head.getUint32(4, true);
  if (version !== DEVICE_SNAPSHOT_VERSION)
    throw new DeviceSnapshotError(
      `Market snapshot version ${version}, this app reads ${DEVICE_SNAPSHOT_VERSION}.`,
    );
  const length = head.getUint32(8, true);
  if (12 + length > bytes.byteLength) throw new DeviceSnapshotError('The market snapshot is cut short.');
  const header = JSON.parse(
    new TextDecoder().decode(new Uint8Array(bytes, 12, length)),
  ) as DeviceSnapshotHeader;
  return { header, sections: pad8(12 + length) };
}

/** The header of an encoded device snapshot alone (what it holds), nothing copied. */
export const deviceSnapshotHeader = (bytes: ArrayBuffer): DeviceSnapshotHeader => headerOf(bytes).header;

/** Decodes an encoded device snapshot; each section is copied out once, into its own buffer. */
export function decodeDeviceSnapshot(bytes: ArrayBuffer): DeviceSnapshot {
  const { header, sections } = headerOf(bytes);
  let at = sections;
  const take = (byteLength: number): ArrayBuffer => {
    if (at + byteLength > bytes.byteLength)
      throw new DeviceSnapshotError('The market snapshot is cut short.');
    const section = bytes.slice(at, at + byteLength);
    at += pad8(byteLength);
    return section;
  };
  const { optionCount, groupCount, underlyingCount: n, barCount } = header;
  const optionStatic = take(sectionBytes(OPTION_STATIC, optionCount));
  const optionLive = take(sectionBytes(OPTION_LIVE, optionCount));
  const groupStatic = take(sectionBytes(GROUP_STATIC, groupCount));
  const groupLive = take(sectionBytes(GROUP_LIVE, groupCount));
  const underlyingStatic = take(sectionBytes(UNDERLYING_STATIC, n));
  const underlyingLive = take(sectionBytes(UNDERLYING_LIVE, n));
  const barStart = new Int32Array(take((n + 1) * 4));
  const close = new Float64Array(take(barCount * 8));
  const high = new Float64Array(take(barCount * 8));
  const low = new Float64Array(take(barCount * 8));
  const row = new Map(header.symbols.map((s, k) => [s, k]));
  const series = (symbol: string): PriceSeries | undefined => {
    const k = row.get(symbol);
    if (k === undefined || barStart[k] === barStart[k + 1]) return undefined;
    const [a, z] = [barStart[k]!, barStart[k + 1]!];
    return { close: close.subarray(a, z), high: high.subarray(a, z), low: low.subarray(a, z) };
  };
  return {
    header,
    buffers: {
      version: 1,
      layoutId: 0,
      optionCount,
      groupCount,
      underlyingCount: n,
      symbols: header.symbols,
      expirations: header.expirations,
      industries: header.industries,
      control: new ArrayBuffer(8),
      optionStatic,
      optionLive: [optionLive, optionLive],
      groupStatic,
      groupLive: [groupLive, groupLive],
      underlyingStatic,
      underlyingLive: [underlyingLive, underlyingLive],
    },
    extras: { name: (symbol) => header.names[row.get(symbol) ?? -1] ?? '', series },
  };
}
