/**
 * A fixed pool of scan worker threads (node:worker_threads). Workers start on first use and attach
 * the snapshot buffers of the layout they are asked about (sent once per layout). A scan is sent
 * whole to each worker that takes part; the workers claim its parts from a shared counter, largest
 * first as the caller orders them, so a fast worker takes more of them and none waits on the main
 * thread between parts: with one part handed out per round trip, the gaps between parts (the
 * main thread busy with its own work, a collection, another request) were longer than the parts
 * of a light scan. Scans sent while others run queue behind them in each worker. A worker that
 * dies fails the scans it had not finished and is replaced on the next scan.
 */
import { Worker } from 'node:worker_threads';
import type { ShardJob, ShardResult } from '#engine/shard-scan.ts';
import type { WorkerJob, WorkerReply } from './worker-protocol.ts';

interface PendingScan {
  readonly id: number;
  readonly results: (ShardResult | undefined)[];
  received: number;
  failed: boolean;
  readonly resolve: (r: ShardResult[]) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  layoutId: number;
  /** Scans sent to this worker that it has not reported done, by id. */
  readonly scans: Map<number, PendingScan>;
}

const WORKER_URL = new URL('./scan-worker.ts', import.meta.url);

export class WorkerPool {
  readonly size: number;
  readonly #slots: Slot[] = [];
  readonly #scans = new Map<number, PendingScan>();
  #nextScan = 1;
  #closed = false;

  constructor(size: number) {
    this.size = Math.max(1, size);
  }

  /**
   * Runs the jobs of one scan (they differ only in their underlyings and expiration ranges);
   * resolves with their results in job order.
   */
  run(jobs: readonly ShardJob[]): Promise<ShardResult[]> {
    if (this.#closed) return Promise.reject(new Error('the scan worker pool is closed'));
    const first = jobs[0];
    if (!first) return Promise.resolve([]);
    return new Promise<ShardResult[]>((resolve, reject) => {
      const scan: PendingScan = {
        id: this.#nextScan++,
        results: new Array(jobs.length),
        received: 0,
        failed: false,
        resolve,
        reject,
      };
      this.#scans.set(scan.id, scan);
      // Each worker claims one job at least: no more workers than jobs take part.
      const workers = Math.min(this.size, jobs.length);
      while (this.#slots.length < workers) this.#spawn();
      const { instant } = first;
      const message: WorkerJob = {
        type: 'scan',
        scanId: scan.id,
        layoutId: instant.buffers.layoutId,
        instant: {
          frameIndex: instant.frameIndex,
          asOfMs: instant.asOfMs,
          riskFreeRate: instant.riskFreeRate,
        },
        spec: first.spec,
        parts: jobs.map((j) => ({ underlyings: j.underlyings, groupRange: j.groupRange })),
        claim: new Int32Array(new SharedArrayBuffer(4)),
        symbolRank: first.symbolRank,
        underlyingKeys: first.underlyingKeys,
        capacity: first.capacity,
        cancel: first.cancel,
        stopWhenFull: first.stopWhenFull,
      };
      for (const slot of this.#slots.slice(0, workers)) {
        if (slot.layoutId !== instant.buffers.layoutId) {
          slot.worker.postMessage({ type: 'attach', buffers: instant.buffers } satisfies WorkerJob);
          slot.layoutId = instant.buffers.layoutId;
        }
        slot.scans.set(scan.id, scan);
        // A worker with a scan to finish keeps the process alive; an idle one does not.
        slot.worker.ref();
        slot.worker.postMessage(message);
      }
    });
  }

  #spawn(): void {
    const worker = new Worker(WORKER_URL);
    const slot: Slot = { worker, layoutId: -1, scans: new Map() };
    worker.on('message', (reply: WorkerReply) => this.#reply(slot, reply));
    worker.on('error', (err) => this.#lost(slot, err));
    worker.on('exit', (code) => this.#lost(slot, new Error(`scan worker exited with code ${code}`)));
    worker.unref();
    this.#slots.push(slot);
  }

  #reply(slot: Slot, reply: WorkerReply): void {
    if (reply.type === 'attached') return;
    if (reply.type === 'done') {
      slot.scans.delete(reply.scanId);
      if (slot.scans.size === 0) slot.worker.unref();
      return;
    }
    // Results of a scan that failed already are dropped.
    const scan = this.#scans.get(reply.scanId);
    if (!scan) return;
    if (reply.type === 'error') {
      this.#fail(scan, new Error(reply.message));
      return;
    }
    scan.results[reply.part] = reply.result;
    if (++scan.received === scan.results.length) {
      this.#scans.delete(scan.id);
      scan.resolve(scan.results as ShardResult[]);
    }
  }

  #fail(scan: PendingScan, err: Error): void {
    if (scan.failed) return;
    scan.failed = true;
    this.#scans.delete(scan.id);
    scan.reject(err);
  }

  #lost(slot: Slot, err: Error): void {
    const i = this.#slots.indexOf(slot);
    if (i < 0) return;
    this.#slots.splice(i, 1);
    for (const scan of slot.scans.values()) this.#fail(scan, err);
    slot.scans.clear();
  }

  /** Stops every worker; scans still running fail. */
  async close(): Promise<void> {
    this.#closed = true;
    const slots = this.#slots.splice(0);
    for (const scan of this.#scans.values()) this.#fail(scan, new Error('the scan worker pool is closed'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
