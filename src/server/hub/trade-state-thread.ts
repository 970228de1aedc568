/**
 * The hub's state thread, as the main thread drives it: a worker (`trade-state-worker.ts`) that
 * calculates trade states over the same market frame while the main thread calculates others.
 *
 * Both sides claim the next few items from one shared counter (`Atomics.add`) until none are
 * left, so the work splits by how fast each side goes: on a machine with a core to spare a pass
 * takes about half the time, and on a busy one, where the worker may not even be scheduled, the
 * main thread simply does more. A worker that has not started when the main thread runs out of
 * items is cancelled (a compare-and-exchange on the same block) instead of being waited for.
 *
 * The snapshot's buffers go to the worker once per layout; a job names the pinned frame. A worker
 * that fails loses its claims for this pass (they are calculated on the next one) and is replaced
 * on the next job.
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

/** Slots of a job's control block (Int32 over a SharedArrayBuffer). */
export const CONTROL = {
  /** Index of the next unclaimed item. */
  next: 0,
  /** The worker's state: IDLE until it starts, then RUNNING; CANCELLED if the main thread got there first. */
  state: 1,
  /** Set by the main thread when the pass's time is up: claim nothing more. */
  stop: 2,
} as const;
export const IDLE = 0;
export const RUNNING = 1;
export const CANCELLED = 2;
/** Items per claim: small, so neither side is left with a long tail of work when the other is done. */
export const CLAIM = 4;

export type StateJob =
  | { readonly type: 'attach'; readonly buffers: SnapshotBuffers }
  | {
      readonly type: 'states';
      readonly id: number;
      readonly layoutId: number;
      readonly instant: StateInstant;
      readonly items: readonly StateItem[];
      readonly control: Int32Array;
    };

export type StateReply =
  | {
      readonly type: 'states';
      readonly id: number;
      /** The items the worker claimed, and their states (null where the domain refused the metrics). */
      readonly indices: readonly number[];
      readonly states: readonly (TradeState | null)[];
    }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

/** The worker's part of a shared run: its states by item index; empty when it failed or never started. */
export type ThreadStates = ReadonlyMap<number, TradeState | null>;

interface Pending {
  readonly resolve: (states: ThreadStates) => void;
}

const WORKER_URL = new URL('./trade-state-worker.ts', import.meta.url);

export class TradeStateThread {
  #worker: Worker | null = null;
  #layoutId = -1;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #closed = false;

  /**
   * Calculates `items` in frame `instant` of the snapshot behind `buffers` together with the worker.
   * `work(i)` does item i on this thread and returns false when the pass's time is up (then
   * neither side claims more). Resolves with the worker's states once it is done; items neither
   * side did are the caller's to defer. The frame must stay pinned until this settles.
   */
  async share(
    buffers: SnapshotBuffers,
    instant: StateInstant,
    items: readonly StateItem[],
    work: (i: number) => boolean,
  ): Promise<ThreadStates> {
    const control = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    const reply = this.#post(buffers, instant, items, control);
    let more = true;
    while (more) {
      const from = Atomics.add(control, CONTROL.next, CLAIM);
      if (from >= items.length) break;
      for (let i = from; i < Math.min(from + CLAIM, items.length) && more; i++) more = work(i);
    }
    if (!more) Atomics.store(control, CONTROL.stop, 1);
    // A worker that has not started yet is not waited for.
    if (Atomics.compareExchange(control, CONTROL.state, IDLE, CANCELLED) === IDLE) return new Map();
    return reply;
  }

  #post(
    buffers: SnapshotBuffers,
    instant: StateInstant,
    items: readonly StateItem[],
    control: Int32Array,
  ): Promise<ThreadStates> {
    if (this.#closed) return Promise.resolve(new Map());
    const worker = this.#worker ?? this.#spawn();
    if (this.#layoutId !== buffers.layoutId) {
      worker.postMessage({ type: 'attach', buffers } satisfies StateJob);
      this.#layoutId = buffers.layoutId;
    }
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#pending.set(id, { resolve });
      worker.ref();
      worker.postMessage({
        type: 'states',
        id,
        layoutId: buffers.layoutId,
        instant,
        items,
        control,
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
      if (reply.type === 'error') p.resolve(new Map());
      else p.resolve(new Map(reply.indices.map((i, k) => [i, reply.states[k]!])));
    });
    const lost = () => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      this.#layoutId = -1;
      this.#settleAll();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    worker.unref();
    this.#worker = worker;
    return worker;
  }

  #settleAll(): void {
    for (const p of this.#pending.values()) p.resolve(new Map());
    this.#pending.clear();
  }

  /** Stops the worker; a run in flight gets nothing from it. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    this.#worker = null;
    this.#settleAll();
    await worker?.terminate();
  }
}
