/**
 * The market as columns of typed arrays on SharedArrayBuffers, for the scan engine and its
 * worker threads, in the layout of `#engine/snapshot-layout.ts` (docs/MARKET.md, "Snapshot layout").
 *
 * Columns that change with the market ("live") exist twice: the writer fills the back frame while
 * readers use the front one, then flips. A reader pins the frame it uses (`pin`/`unpin`); the
 * writer never writes into a pinned frame and skips the publish instead, so a scan sees one
 * consistent instant however long it runs. Static columns change only with a new layout (a new
 * set of buffers, new `layoutId`); the old one is marked retired so workers re-attach.
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
  sectionBytes,
  UNDERLYING_LIVE,
  UNDERLYING_STATIC,
  type UnderlyingColumns,
} from '#engine/snapshot-layout.ts';

/** One consistent instant of the market. */
export interface SnapshotFrame {
  /** 0 or 1. */
  readonly index: number;
  /** Market instant of this frame (epoch ms). */
  readonly time: number;
  readonly seq: number;
  readonly options: OptionColumns;
  readonly groups: GroupColumns;
  readonly underlyings: UnderlyingColumns;
}

export interface SnapshotLayout {
  readonly optionCount: number;
  readonly groupCount: number;
  readonly symbols: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
}

// Control block: Int32 slots, then two Float64 frame times.
const CTL_FRONT = 0;
const CTL_SEQ = 1;
const CTL_READERS = 2; // two slots: frame 0, frame 1
const CTL_LAYOUT = 4;
const CTL_RETIRED = 5;
const CTL_BYTES = 48;
const CTL_TIME_OFFSET = 32;

const sab = (bytes: number) => new SharedArrayBuffer(bytes);

export class MarketSnapshot {
  readonly buffers: SnapshotBuffers;
  readonly layoutId: number;
  readonly optionCount: number;
  readonly groupCount: number;
  readonly underlyingCount: number;
  readonly symbols: readonly string[];
  readonly expirations: readonly string[];
  readonly industries: readonly string[];
  readonly #control: Int32Array;
  readonly #times: Float64Array;
  readonly #frames: readonly [SnapshotFrame, SnapshotFrame];

  constructor(buffers: SnapshotBuffers) {
    if (buffers.version !== 1) throw new Error(`unsupported snapshot version ${buffers.version}`);
    this.buffers = buffers;
    this.layoutId = buffers.layoutId;
    this.optionCount = buffers.optionCount;
    this.groupCount = buffers.groupCount;
    this.underlyingCount = buffers.underlyingCount;
    this.symbols = buffers.symbols;
    this.expirations = buffers.expirations;
    this.industries = buffers.industries;
    this.#control = new Int32Array(buffers.control, 0, CTL_TIME_OFFSET / 4);
    this.#times = new Float64Array(buffers.control, CTL_TIME_OFFSET, 2);
    const optionStatic = columnsOf(OPTION_STATIC, buffers.optionStatic, buffers.optionCount);
    const groupStatic = columnsOf(GROUP_STATIC, buffers.groupStatic, buffers.groupCount);
    const underlyingStatic = columnsOf(UNDERLYING_STATIC, buffers.underlyingStatic, buffers.underlyingCount);
    const frame = (i: 0 | 1): SnapshotFrame => {
      const times = this.#times;
      const control = this.#control;
      return {
        index: i,
        get time() {
          return times[i] as number;
        },
        get seq() {
          return Atomics.load(control, CTL_SEQ);
        },
        options: { ...optionStatic, ...columnsOf(OPTION_LIVE, buffers.optionLive[i], buffers.optionCount) },
        groups: { ...groupStatic, ...columnsOf(GROUP_LIVE, buffers.groupLive[i], buffers.groupCount) },
        underlyings: {
          ...underlyingStatic,
          ...columnsOf(UNDERLYING_LIVE, buffers.underlyingLive[i], buffers.underlyingCount),
        },
      };
    };
    this.#frames = [frame(0), frame(1)];
  }

  /** Allocates a new, zero-filled snapshot for a layout. */
  static create(layout: SnapshotLayout, layoutId: number): MarketSnapshot {
    const u = layout.symbols.length;
    const buffers: SnapshotBuffers = {
      version: 1,
      layoutId,
      optionCount: layout.optionCount,
      groupCount: layout.groupCount,
      underlyingCount: u,
      symbols: layout.symbols,
      expirations: layout.expirations,
      industries: layout.industries,
      control: sab(CTL_BYTES),
      optionStatic: sab(sectionBytes(OPTION_STATIC, layout.optionCount)),
      optionLive: [
        sab(sectionBytes(OPTION_LIVE, layout.optionCount)),
        sab(sectionBytes(OPTION_LIVE, layout.optionCount)),
      ],
      groupStatic: sab(sectionBytes(GROUP_STATIC, layout.groupCount)),
      groupLive: [
        sab(sectionBytes(GROUP_LIVE, layout.groupCount)),
        sab(sectionBytes(GROUP_LIVE, layout.groupCount)),
      ],
      underlyingStatic: sab(sectionBytes(UNDERLYING_STATIC, u)),
      underlyingLive: [sab(sectionBytes(UNDERLYING_LIVE, u)), sab(sectionBytes(UNDERLYING_LIVE, u))],
    };
    new Int32Array(buffers.control)[CTL_LAYOUT] = layoutId;
    return new MarketSnapshot(buffers);
  }

  /** Total bytes of shared memory held (both frames). */
  get byteLength(): number {
    const b = this.buffers;
    return [
      b.control,
      b.optionStatic,
      ...b.optionLive,
      b.groupStatic,
      ...b.groupLive,
      b.underlyingStatic,
      ...b.underlyingLive,
    ].reduce((s, x) => s + x.byteLength, 0);
  }

  /** Sequence number of the last publish (0 before the first). */
  get seq(): number {
    return Atomics.load(this.#control, CTL_SEQ);
  }

  /** True once the market moved on to a newer layout: attach the new buffers. */
  get retired(): boolean {
    return Atomics.load(this.#control, CTL_RETIRED) === 1;
  }

  /** The current frame, without pinning (for the writer's own thread). */
  front(): SnapshotFrame {
    return this.#frames[Atomics.load(this.#control, CTL_FRONT) as 0 | 1];
  }

  /** Pins the current frame so it is not overwritten until `unpin`. */
  pin(): SnapshotFrame {
    for (;;) {
      const f = Atomics.load(this.#control, CTL_FRONT);
      Atomics.add(this.#control, CTL_READERS + f, 1);
      // The writer may have flipped between the load and the increment: then the frame we counted
      // on is the back one, possibly being written. Release and retry.
      if (Atomics.load(this.#control, CTL_FRONT) === f) return this.#frames[f as 0 | 1];
      Atomics.sub(this.#control, CTL_READERS + f, 1);
    }
  }

  unpin(frame: SnapshotFrame): void {
    Atomics.sub(this.#control, CTL_READERS + frame.index, 1);
  }

  /** Writer: the back frame if no reader holds it, else null (skip this publish). */
  back(): SnapshotFrame | null {
    const b = 1 - Atomics.load(this.#control, CTL_FRONT);
    return Atomics.load(this.#control, CTL_READERS + b) === 0 ? this.#frames[b as 0 | 1] : null;
  }

  /** Writer: makes `frame` (obtained from `back`) the front one. */
  publish(frame: SnapshotFrame, time: number): void {
    this.#times[frame.index] = time;
    Atomics.add(this.#control, CTL_SEQ, 1);
    Atomics.store(this.#control, CTL_FRONT, frame.index);
  }

  /** Writer: marks this layout replaced by a newer one. */
  retire(): void {
    Atomics.store(this.#control, CTL_RETIRED, 1);
  }

  /** Row of an underlying by symbol (linear in the universe; cache it on hot paths). */
  underlyingIndex(symbol: string): number {
    return this.symbols.indexOf(symbol);
  }
}

/** The transferable description of a snapshot's shared memory (post it to a worker). */
export function snapshotBuffers(snapshot: MarketSnapshot): SnapshotBuffers {
  return snapshot.buffers;
}

/** Worker side: views over the same memory, no copy. */
export function attachSnapshot(buffers: SnapshotBuffers): MarketSnapshot {
  return new MarketSnapshot(buffers);
}
