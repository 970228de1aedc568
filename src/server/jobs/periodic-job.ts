/**
 * A job run at start (unless `waitFirst`) and then every `intervalMs`, never two runs at once. A
 * tick that comes while a run is in progress is skipped, not queued: a run longer than the
 * interval would otherwise pile up runs without bound, and `stop` would wait for all of them.
 */

export interface RunningJob<T extends object = object> {
  /**
   * Runs once now, after any run in progress, and answers what it did (null: nothing to do). A
   * failed run is logged and rejects with its error.
   */
  runNow(): Promise<T | null>;
  /** No more ticks; resolves once the runs started or asked for have ended. */
  stop(): Promise<void>;
}

export interface JobLog {
  error(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * `work` answers what it did (logged when not null) or null when there was nothing to do. A
 * failed run is logged and retried at the next interval.
 */
export function startPeriodicJob<T extends object>(options: {
  readonly name: string;
  readonly intervalMs: number;
  readonly log: JobLog;
  readonly work: () => Promise<T | null>;
  /** First run after one interval rather than at start. */
  readonly waitFirst?: boolean;
}): RunningJob<T> {
  /** The last run asked for, logged; it never rejects. */
  let last: Promise<void> = Promise.resolve();
  /** Runs started or waiting to start. */
  let pending = 0;
  const run = (): Promise<T | null> => {
    pending++;
    const result = last.then(() => options.work()).finally(() => pending--);
    last = result.then(
      (done) => {
        if (done) options.log.info(done, options.name);
      },
      (err: unknown) => options.log.error({ err }, `${options.name} failed`),
    );
    return result;
  };
  // The log has the failure; a tick has nobody else to tell.
  const tick = () => {
    if (pending === 0) run().catch(() => {});
  };
  if (!options.waitFirst) tick();
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await last;
    },
  };
}
