/**
 * The hub's state thread: calculates registered trades' live states (`tradeState`) over a frame of
 * the market snapshot, read from its shared buffers (sent once per layout, never copied), claiming
 * items from the counter it shares with the main thread (`trade-state-thread.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { MarketView } from '../engine/market-view.ts';
import type { SnapshotBuffers } from '../market/snapshot.ts';
import { type TradeState, tradeState } from './live-trade-state.ts';
import {
  CANCELLED,
  CLAIM,
  CONTROL,
  IDLE,
  RUNNING,
  type StateJob,
  type StateReply,
} from './trade-state-thread.ts';

let attached: SnapshotBuffers | null = null;

function handle(job: StateJob): StateReply | null {
  if (job.type === 'attach') {
    attached = job.buffers;
    return null;
  }
  const indices: number[] = [];
  const states: (TradeState | null)[] = [];
  const { control, items } = job;
  // The main thread ran out of items before this job started: it is not waiting.
  if (Atomics.compareExchange(control, CONTROL.state, IDLE, RUNNING) === CANCELLED)
    return { type: 'states', id: job.id, indices, states };
  if (attached?.layoutId !== job.layoutId)
    return { type: 'error', id: job.id, message: `layout ${job.layoutId} not attached` };
  const view = new MarketView({ ...job.instant, buffers: attached });
  while (Atomics.load(control, CONTROL.stop) === 0) {
    const from = Atomics.add(control, CONTROL.next, CLAIM);
    if (from >= items.length) break;
    for (let i = from; i < Math.min(from + CLAIM, items.length); i++) {
      const item = items[i]!;
      indices.push(i);
      states.push(tradeState(view, item.trade, item.bidAskLevel, item.scenarios, item.fields) ?? null);
    }
  }
  return { type: 'states', id: job.id, indices, states };
}

parentPort?.on('message', (job: StateJob) => {
  let reply: StateReply | null;
  try {
    reply = handle(job);
  } catch (err) {
    reply = { type: 'error', id: 'id' in job ? job.id : -1, message: String((err as Error)?.stack ?? err) };
  }
  if (reply) parentPort!.postMessage(reply);
});
