/**
 * A fixed pool of scan worker threads (node:worker_threads) sharing one queue of shard jobs.
 * Workers start on first use, attach the snapshot buffers of the layout they are asked about (sent
 * once per layout), and take the next queued job when they finish one, so shards balance across
 * workers. A worker that dies fails its job and is replaced.
 */
import { Worker } from 'node:worker_threads';
import type { ShardJob, ShardResult } from './shard-scan.ts';
import type { WorkerJob, WorkerReply } from './worker-protocol.ts';

interface Pending {
  readonly id: number;
  readonly scanId: number;
  readonly job: ShardJob;
  readonly resolve: (r: ShardResult) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  layoutId: number;
  busy: Pending | null;
}

const WORKER_URL = new URL('./scan-worker.ts', import.meta.url);

export class WorkerPool {
  readonly size: number;
  readonly #slots: Slot[] = [];
  readonly #queue: Pending[] = [];
  #nextId = 1;
  #nextScan = 1;
  #closed = false;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  /** Runs the jobs of one scan; resolves with their results in job order. */
  run(jobs: readonly ShardJob[]): Promise<ShardResult[]> {
    if (this.#closed) return Promise.reject(new Error('the scan worker pool is closed'));
    const scanId = this.#nextScan++;
    const all = jobs.map(
      (job) =>
        new Promise<ShardResult>((resolve, reject) => {
          this.#queue.push({ id: this.#nextId++, scanId, job, resolve, reject });
        }),
    );
    this.#pump();
    return Promise.all(all);
  }

  #spawn(): Slot {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, layoutId: -1, busy: null };
    worker.on('message', (reply: WorkerReply) => this.#reply(slot, reply));
    worker.on('error', (err) => this.#lost(slot, err));
    worker.on('exit', (code) => this.#lost(slot, new Error(`scan worker exited with code ${code}`)));
    // Idle workers do not keep the process alive; a busy one does (see #send / #reply).
    worker.unref();
    this.#slots.push(slot);
    return slot;
  }

  #pump(): void {
    while (this.#queue.length > 0) {
      let slot = this.#slots.find((s) => s.busy === null);
      if (!slot && this.#slots.length < this.size) slot = this.#spawn();
      if (!slot) return;
      const next = this.#queue.shift()!;
      this.#send(slot, next);
    }
  }

  #send(slot: Slot, p: Pending): void {
    slot.busy = p;
    slot.worker.ref();
    const { instant } = p.job;
    if (slot.layoutId !== instant.buffers.layoutId) {
      slot.worker.postMessage({ type: 'attach', buffers: instant.buffers } satisfies WorkerJob);
      slot.layoutId = instant.buffers.layoutId;
    }
    const message: WorkerJob = {
      type: 'shard',
      id: p.id,
      scanId: p.scanId,
      layoutId: instant.buffers.layoutId,
      instant: { frameIndex: instant.frameIndex, asOfMs: instant.asOfMs, riskFreeRate: instant.riskFreeRate },
      spec: p.job.spec,
      underlyings: p.job.underlyings,
      groupRange: p.job.groupRange,
      symbolRank: p.job.symbolRank,
      underlyingKeys: p.job.underlyingKeys,
      capacity: p.job.capacity,
      cancel: p.job.cancel,
      stopWhenFull: p.job.stopWhenFull,
    };
    slot.worker.postMessage(message);
  }

  #reply(slot: Slot, reply: WorkerReply): void {
    if (reply.type === 'attached') return;
    const p = slot.busy;
    if (!p || p.id !== reply.id) return;
    slot.busy = null;
    slot.worker.unref();
    if (reply.type === 'result') p.resolve(reply.result);
    else p.reject(new Error(reply.message));
    this.#pump();
  }

  #lost(slot: Slot, err: Error): void {
    const i = this.#slots.indexOf(slot);
    if (i < 0) return;
    this.#slots.splice(i, 1);
    slot.busy?.reject(err);
    slot.busy = null;
    if (!this.#closed) this.#pump();
  }

  /** Stops every worker; queued jobs fail. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const p of this.#queue.splice(0)) p.reject(new Error('the scan worker pool is closed'));
    await Promise.all(this.#slots.splice(0).map((s) => s.worker.terminate()));
  }
}
