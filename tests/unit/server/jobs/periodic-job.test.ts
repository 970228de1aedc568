/**
 * The periodic job (src/server/jobs/periodic-job.ts): never two runs at once, a tick during a run
 * skipped rather than queued, and a run asked for now answered with its own report.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { startPeriodicJob } from '#server/jobs/periodic-job.ts';

const INTERVAL = 1000;
const log = { error: vi.fn(), info: vi.fn() };

/** Work whose runs end when the test says, counting runs and the most at once. */
function controlledWork() {
  const ends: (() => void)[] = [];
  let running = 0;
  const work = {
    runs: 0,
    mostAtOnce: 0,
    finishOne: () => ends.shift()?.(),
    run: async () => {
      const n = ++work.runs;
      running++;
      work.mostAtOnce = Math.max(work.mostAtOnce, running);
      await new Promise<void>((resolve) => ends.push(resolve));
      running--;
      return { run: n };
    },
  };
  return work;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicJob', () => {
  test('a tick while a run is in progress is skipped: no backlog, and stop waits for that run alone', async () => {
    const work = controlledWork();
    const job = startPeriodicJob({
      name: 'test',
      intervalMs: INTERVAL,
      log,
      work: work.run,
      waitFirst: true,
    });
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(work.runs).toBe(1);
    // Five more ticks during the long run.
    await vi.advanceTimersByTimeAsync(5 * INTERVAL);
    work.finishOne();
    await vi.advanceTimersByTimeAsync(0);
    expect(work.runs).toBe(1);
    // The next tick after it runs again.
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(work.runs).toBe(2);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    work.finishOne();
    await stopping;
    expect(work.runs).toBe(2);
  });

  test('a run asked for now waits for the one in progress and answers its own report', async () => {
    const work = controlledWork();
    const job = startPeriodicJob({ name: 'test', intervalMs: INTERVAL, log, work: work.run });
    await vi.advanceTimersByTimeAsync(0);
    expect(work.runs).toBe(1);
    const now = job.runNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(work.runs).toBe(1);
    work.finishOne();
    await vi.advanceTimersByTimeAsync(0);
    expect(work.runs).toBe(2);
    work.finishOne();
    expect(await now).toEqual({ run: 2 });
    expect(work.mostAtOnce).toBe(1);
    await job.stop();
  });

  test('a run asked for now that fails is logged and rejects; the job goes on', async () => {
    const failing = vi.fn(async () => {
      throw new Error('down');
    });
    const job = startPeriodicJob({ name: 'test', intervalMs: INTERVAL, log, work: failing, waitFirst: true });
    await expect(job.runNow()).rejects.toThrow('down');
    expect(log.error).toHaveBeenCalledWith({ err: expect.any(Error) }, 'test failed');
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(failing).toHaveBeenCalledTimes(2);
    await job.stop();
  });
});
