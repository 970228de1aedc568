/**
 * Messages between the scan engine and its worker threads. The snapshot's buffers go once per
 * layout (`attach`). A scan goes to every worker that takes part as one `scan` message with all
 * its parts; the workers claim the parts one at a time from a shared counter and post each part's
 * result as it is done, then `done` for the scan.
 */

import type { ScanSpec } from '#engine/scan-spec.ts';
import type { ShardResult } from '#engine/shard-scan.ts';
import type { SnapshotBuffers } from '#engine/snapshot-layout.ts';

/** One part of a scan: underlyings, each within its range of expiration groups when given. */
export interface ScanPart {
  readonly underlyings: Int32Array;
  readonly groupRange: Int32Array | null;
}

export type WorkerJob =
  | { readonly type: 'attach'; readonly buffers: SnapshotBuffers }
  | {
      readonly type: 'scan';
      readonly scanId: number;
      readonly layoutId: number;
      readonly instant: {
        readonly frameIndex: number;
        readonly asOfMs: number;
        readonly riskFreeRate: number;
      };
      readonly spec: ScanSpec;
      readonly parts: readonly ScanPart[];
      /** [0]: the next part to claim (`Atomics.add`), shared by the workers of the scan. */
      readonly claim: Int32Array;
      readonly symbolRank: Int32Array;
      readonly underlyingKeys: readonly Float64Array[];
      readonly capacity: number;
      readonly cancel: Int32Array;
      readonly stopWhenFull: boolean;
    };

export type WorkerReply =
  | { readonly type: 'attached'; readonly layoutId: number }
  | { readonly type: 'result'; readonly scanId: number; readonly part: number; readonly result: ShardResult }
  | { readonly type: 'error'; readonly scanId: number; readonly message: string }
  /** The worker claims no more parts of the scan. */
  | { readonly type: 'done'; readonly scanId: number };
