/**
 * The hub's state thread, as the main thread drives it: a worker (`trade-state-worker.ts`) that
 * calculates trade states over the same market frame while the main thread calculates others, so
 * that a pass with many trades to recalculate takes about half the time on a machine with a core
 * to spare. The snapshot's buffers go to the worker once per layout; a job names the pinned frame.
 * A worker that fails rejects its jobs (the pass then calculates them itself) and is replaced on
 * the next job.
 */
import { Worker } from 'node:worker_threads';
import type { LiveScenario } from '../../api/hub.ts';
import type { SnapshotBuffers } from '../market/snapshot.ts';
import type { ResolvedTrade, TradeState } from './live-trade-state.ts';

/** What `tradeState` needs of an entry. */
export interface StateItem {
  readonly trade: ResolvedTrade;
  readonly bidAskLevel: number;
  readonly scenarios: readonly LiveScenario[];
  readonly fields: readonly string[];
}

/** The frame a job reads: the one the main thread pinned for its pass. */
export interface StateInstant {
  readonly frameIndex: number;
  readonly asOfMs: number;
  readonly riskFreeRate: number;
}

export type StateJob =
  | { readonly type: 'attach'; readonly buffers: SnapshotBuffers }
  | {
      readonly type: 'states';
      readonly id: number;
      readonly layoutId: number;
      readonly instant: StateInstant;
      readonly items: readonly StateItem[];
    };

export type StateReply =
  | { readonly type: 'states'; readonly id: number; readonly states: readonly (TradeState | null)[] }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

interface Pending {
  readonly resolve: (states: readonly (TradeState | null)[]) => void;
  readonly reject: (err: Error) => void;
}

const WORKER_URL = new URL('./trade-state-worker.ts', import.meta.url);

export class TradeStateThread {
  #worker: Worker | null = null;
  #layoutId = -1;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  /**
   * The states of `items` in frame `instant` of the snapshot behind `buffers` (null where the
   * domain refused the metrics), in item order. The frame must stay pinned until this settles.
   */
  states(
    buffers: SnapshotBuffers,
    instant: StateInstant,
    items: readonly StateItem[],
  ): Promise<readonly (TradeState | null)[]> {
    if (this.#closed) return Promise.reject(new Error('the hub state thread is closed'));
    const worker = this.#worker ?? this.#spawn();
    if (this.#layoutId !== buffers.layoutId) {
      worker.postMessage({ type: 'attach', buffers } satisfies StateJob);
      this.#layoutId = buffers.layoutId;
    }
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({
        type: 'states',
        id,
        layoutId: buffers.layoutId,
        instant,
        items,
      } satisfies StateJob);
    });
  }

  #spawn(): Worker {
    const worker = new Worker(WORKER_URL);
    worker.on('message', (reply: StateReply) => {
      const p = this.#pending.get(reply.id);
      if (!p) return;
      this.#pending.delete(reply.id);
      // An idle worker does not keep the process alive.
      if (this.#pending.size === 0) worker.unref();
      if (reply.type === 'states') p.resolve(reply.states);
      else p.reject(new Error(reply.message));
    });
    const lost = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#layoutId = -1;
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`hub state thread exited with code ${code}`)));
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  /** Stops the worker; jobs in flight fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = null;
    for (const p of this.#pending.values()) p.reject(new Error('the hub state thread is closed'));
    this.#pending.clear();
    await worker.terminate();
  }
}
