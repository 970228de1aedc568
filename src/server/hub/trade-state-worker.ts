/**
 * The hub's state thread: calculates registered trades' live states (`tradeState`) over a frame of
 * the market snapshot, read from its shared buffers (sent once per layout, never copied), so that
 * a pass shares its recalculation with the main thread (`trade-state-thread.ts`).
 */
import { parentPort } from 'node:worker_threads';
import { MarketView } from '../engine/market-view.ts';
import type { SnapshotBuffers } from '../market/snapshot.ts';
import { type TradeState, tradeState } from './live-trade-state.ts';
import type { StateJob, StateReply } from './trade-state-thread.ts';

let attached: SnapshotBuffers | null = null;

function handle(job: StateJob): StateReply | null {
  if (job.type === 'attach') {
    attached = job.buffers;
    return null;
  }
  if (attached?.layoutId !== job.layoutId)
    return { type: 'error', id: job.id, message: `layout ${job.layoutId} not attached` };
  const view = new MarketView({ ...job.instant, buffers: attached });
  const states: (TradeState | null)[] = [];
  for (const item of job.items)
    states.push(tradeState(view, item.trade, item.bidAskLevel, item.scenarios, item.fields) ?? null);
  return { type: 'states', id: job.id, states };
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
