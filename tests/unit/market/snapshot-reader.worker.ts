/**
 * Worker side of snapshot.test.ts: attaches to the posted shared buffers (no copy), then answers
 * requests against the pinned front frame. Run by Node 24 directly (type stripping).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { SnapshotBuffers } from '#engine/snapshot-layout.ts';
import { attachSnapshot } from '#server/market/snapshot.ts';

const snapshot = attachSnapshot(workerData as SnapshotBuffers);

parentPort?.on('message', (msg: { kind: 'sum' } | { kind: 'mark'; row: number; value: number }) => {
  if (msg.kind === 'mark') {
    // Written through the worker's view: the main thread sees it in its own view of the same memory.
    snapshot.front().options.mid[msg.row] = msg.value;
    parentPort?.postMessage({ kind: 'marked' });
    return;
  }
  const frame = snapshot.pin();
  let mids = 0;
  for (let i = 0; i < snapshot.optionCount; i++) mids += frame.options.mid[i] as number;
  const spy = snapshot.symbols.indexOf('SPY');
  parentPort?.postMessage({
    kind: 'sum',
    seq: frame.seq,
    mids,
    spyLast: frame.underlyings.last[spy],
    firstExpiration: snapshot.expirations[frame.options.expiration[0] as number],
  });
  snapshot.unpin(frame);
});
