/**
 * Views over one frame of a market snapshot, chosen by index, from its shared buffers.
 *
 * The main thread pins the frame a scan uses (`MarketSnapshot.pin`) and hands its index to the
 * workers, so every shard reads the same market instant. `MarketSnapshot` only offers the current
 * (front) frame, which the writer may flip while a scan runs, hence these views. They follow the
 * documented snapshot layout (docs/MARKET.md "Snapshot layout"), through the snapshot's own
 * section views.
 * `tests/unit/engine/frame-views.test.ts` checks them against the snapshot's own frames.
 */
import {
  columnsOf,
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
} from './snapshot-layout.ts';

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
      ...columnsOf(OPTION_STATIC, buffers.optionStatic, buffers.optionCount),
      ...columnsOf(OPTION_LIVE, buffers.optionLive[i], buffers.optionCount),
    },
    groups: {
      ...columnsOf(GROUP_STATIC, buffers.groupStatic, buffers.groupCount),
      ...columnsOf(GROUP_LIVE, buffers.groupLive[i], buffers.groupCount),
    },
    underlyings: {
      ...columnsOf(UNDERLYING_STATIC, buffers.underlyingStatic, buffers.underlyingCount),
      ...columnsOf(UNDERLYING_LIVE, buffers.underlyingLive[i], buffers.underlyingCount),
    },
  };
}
