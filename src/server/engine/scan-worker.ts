/**
 * A scan worker thread: attaches the market snapshot's shared buffers (sent once per layout, never
 * copied), then, for each scan it is sent, compiles it once and claims its parts one at a time from
 * the counter the scan's workers share, posting back each part's top lists as it is done. Runs
 * under plain Node 24 (type stripping).
 */
import { parentPort } from 'node:worker_threads';
import { type ShardJob, shardScanner } from '#engine/shard-scan.ts';
import type { SnapshotBuffers } from '#engine/snapshot-layout.ts';
import type { WorkerJob, WorkerReply } from './worker-protocol.ts';

const layouts = new Map<number, SnapshotBuffers>();

function post(reply: WorkerReply): void {
  if (reply.type !== 'result') {
    parentPort!.postMessage(reply);
    return;
  }
  const r = reply.result;
  parentPort!.postMessage(reply, [
    r.underlying.buffer,
    r.count.buffer,
    r.exact.buffer,
    r.size.buffer,
    r.keys.buffer,
    r.rows.buffer,
  ]);
}

function scan(message: Extract<WorkerJob, { type: 'scan' }>): void {
  const buffers = layouts.get(message.layoutId);
  if (!buffers) throw new Error(`layout ${message.layoutId} not attached`);
  const { parts, claim } = message;
  let part = Atomics.add(claim, 0, 1);
  // The other workers took every part already: nothing to compile.
  if (part >= parts.length) return;
  const job: ShardJob = {
    spec: message.spec,
    instant: { ...message.instant, buffers },
    underlyings: parts[part]!.underlyings,
    groupRange: parts[part]!.groupRange,
    symbolRank: message.symbolRank,
    underlyingKeys: message.underlyingKeys,
    capacity: message.capacity,
    cancel: message.cancel,
    stopWhenFull: message.stopWhenFull,
  };
  const scanner = shardScanner(job);
  for (; part < parts.length; part = Atomics.add(claim, 0, 1)) {
    const result = scanner.run(parts[part]!.underlyings, parts[part]!.groupRange);
    post({ type: 'result', scanId: message.scanId, part, result });
  }
}

parentPort?.on('message', (message: WorkerJob) => {
  if (message.type === 'attach') {
    layouts.clear();
    layouts.set(message.buffers.layoutId, message.buffers);
    post({ type: 'attached', layoutId: message.buffers.layoutId });
    return;
  }
  try {
    scan(message);
  } catch (err) {
    post({ type: 'error', scanId: message.scanId, message: String((err as Error)?.stack ?? err) });
  }
  post({ type: 'done', scanId: message.scanId });
});
