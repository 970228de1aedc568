/**
 * Messages between the scan engine and its worker threads. The snapshot's buffers go once per
 * layout (`attach`); a shard job then names the layout, the pinned frame and the instant.
 */
import type { SnapshotBuffers } from '../market/snapshot.ts';
import type { ScanSpec } from './scan-spec.ts';
import type { ShardResult } from './shard-scan.ts';

export type WorkerJob =
  | { readonly type: 'attach'; readonly buffers: SnapshotBuffers }
  | {
      readonly type: 'shard';
      readonly id: number;
      /** Jobs of one scan share it (the worker compiles the scan once). */
      readonly scanId: number;
      readonly layoutId: number;
      readonly instant: {
        readonly frameIndex: number;
        readonly asOfMs: number;
        readonly riskFreeRate: number;
      };
      readonly spec: ScanSpec;
      readonly underlyings: Int32Array;
      readonly groupRange: Int32Array | null;
      readonly symbolRank: Int32Array;
      readonly underlyingKeys: readonly Float64Array[];
      readonly capacity: number;
      readonly cancel: Int32Array;
      readonly stopWhenFull: boolean;
    };

export type WorkerReply =
  | { readonly type: 'attached'; readonly layoutId: number }
  | { readonly type: 'result'; readonly id: number; readonly result: ShardResult }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
