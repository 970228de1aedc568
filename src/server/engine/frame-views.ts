/**
 * Views over one frame of a market snapshot, chosen by index, from its shared buffers.
 *
 * The main thread pins the frame a scan uses (`MarketSnapshot.pin`) and hands its index to the
 * workers, so every shard reads the same market instant. `MarketSnapshot` only offers the current
 * (front) frame, which the writer may flip while a scan runs, hence these views. They follow the
 * documented snapshot layout (docs/MARKET.md "Snapshot layout"): each section holds its columns
 * widest element first (declaration order among equals), every column padded to 8 bytes.
 * `tests/unit/engine/frame-views.test.ts` checks them against the snapshot's own frames.
 */
import {
  type Columns,
  type ColumnType,
  GROUP_LIVE,
  GROUP_STATIC,
  type GroupColumns,
  OPTION_LIVE,
  OPTION_STATIC,
  type OptionColumns,
  type SnapshotBuffers,
  UNDERLYING_LIVE,
  UNDERLYING_STATIC,
  type UnderlyingColumns,
} from '../market/snapshot.ts';

type Schema = Readonly<Record<string, ColumnType>>;

const BYTES: Readonly<Record<ColumnType, number>> = { f64: 8, f32: 4, i32: 4, u32: 4, u16: 2, u8: 1 };

function view(type: ColumnType, buffer: SharedArrayBuffer, offset: number, rows: number) {
  switch (type) {
    case 'f64':
      return new Float64Array(buffer, offset, rows);
    case 'f32':
      return new Float32Array(buffer, offset, rows);
    case 'i32':
      return new Int32Array(buffer, offset, rows);
    case 'u32':
      return new Uint32Array(buffer, offset, rows);
    case 'u16':
      return new Uint16Array(buffer, offset, rows);
    default:
      return new Uint8Array(buffer, offset, rows);
  }
}

function columns<S extends Schema>(schema: S, buffer: SharedArrayBuffer, rows: number): Columns<S> {
  const out: Record<string, unknown> = {};
  let offset = 0;
  const ordered = Object.entries(schema).sort(([, a], [, b]) => BYTES[b] - BYTES[a]);
  for (const [name, type] of ordered) {
    out[name] = view(type, buffer, offset, rows);
    offset += Math.ceil((rows * BYTES[type]) / 8) * 8;
  }
  return out as Columns<S>;
}

/** The columns of one frame: static and live columns together, as `SnapshotFrame` has them. */
export interface FrameColumns {
  readonly options: OptionColumns;
  readonly groups: GroupColumns;
  readonly underlyings: UnderlyingColumns;
}

/** Views of frame `index` (0 or 1) of the snapshot behind `buffers`; nothing is copied. */
export function frameColumns(buffers: SnapshotBuffers, index: number): FrameColumns {
  const i = index === 1 ? 1 : 0;
  return {
    options: {
      ...columns(OPTION_STATIC, buffers.optionStatic, buffers.optionCount),
      ...columns(OPTION_LIVE, buffers.optionLive[i], buffers.optionCount),
    },
    groups: {
      ...columns(GROUP_STATIC, buffers.groupStatic, buffers.groupCount),
      ...columns(GROUP_LIVE, buffers.groupLive[i], buffers.groupCount),
    },
    underlyings: {
      ...columns(UNDERLYING_STATIC, buffers.underlyingStatic, buffers.underlyingCount),
      ...columns(UNDERLYING_LIVE, buffers.underlyingLive[i], buffers.underlyingCount),
    },
  };
}
