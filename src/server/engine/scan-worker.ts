/**
 * A scan worker thread: attaches the market snapshot's shared buffers (sent once per layout, never
 * copied), then runs shard jobs as they come (one `ShardScanner` per scan) and posts back their
 * top lists. Runs under plain Node 24 (type stripping).
 */
import { parentPort } from 'node:worker_threads';
import type { SnapshotBuffers } from '../market/snapshot.ts';
import { type ShardJob, type ShardScanner, shardScanner } from './shard-scan.ts';
import type { WorkerJob, WorkerReply } from './worker-protocol.ts';

const layouts = new Map<number, SnapshotBuffers>();
// The last scan's scanner (compiled plan, view, caches): consecutive jobs of one scan reuse it.
let last: { scanId: number; scanner: ShardScanner } | null = null;

function handle(message: WorkerJob): WorkerReply {
  if (message.type === 'attach') {
    layouts.clear();
    layouts.set(message.buffers.layoutId, message.buffers);
    last = null;
    return { type: 'attached', layoutId: message.buffers.layoutId };
  }
  const buffers = layouts.get(message.layoutId);
  if (!buffers) return { type: 'error', id: message.id, message: `layout ${message.layoutId} not attached` };
  const instant = { ...message.instant, buffers };
  const job: ShardJob = {
    spec: message.spec,
    instant,
    underlyings: message.underlyings,
    groupRange: message.groupRange,
    symbolRank: message.symbolRank,
    underlyingKeys: message.underlyingKeys,
    capacity: message.capacity,
    cancel: message.cancel,
    stopWhenFull: message.stopWhenFull,
  };
  if (last?.scanId !== message.scanId) last = { scanId: message.scanId, scanner: shardScanner(job) };
  const result = last.scanner.run(message.underlyings, message.groupRange);
  return { type: 'result', id: message.id, result };
}

parentPort?.on('message', (message: WorkerJob) => {
  let reply: WorkerReply;
  try {
    reply = handle(message);
  } catch (err) {
    reply = {
      type: 'error',
      id: 'id' in message ? message.id : -1,
      message: String((err as Error)?.stack ?? err),
    };
  }
  if (reply.type === 'result') {
    const r = reply.result;
    parentPort!.postMessage(reply, [
      r.underlying.buffer,
      r.count.buffer,
      r.exact.buffer,
      r.size.buffer,
      r.keys.buffer,
      r.rows.buffer,
    ]);
  } else {
    parentPort!.postMessage(reply);
  }
});
