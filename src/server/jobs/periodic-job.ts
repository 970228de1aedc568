/** A job run at start (unless `waitFirst`) and then every `intervalMs`, never two runs at once. */

export interface RunningJob {
  /** Runs once now (after any run in progress). */
  runNow(): Promise<void>;
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
export function startPeriodicJob(options: {
  readonly name: string;
  readonly intervalMs: number;
  readonly log: JobLog;
  readonly work: () => Promise<object | null>;
  /** First run after one interval rather than at start. */
  readonly waitFirst?: boolean;
}): RunningJob {
  let running: Promise<void> = Promise.resolve();
  const run = (): Promise<void> => {
    running = running.then(async () => {
      try {
        const done = await options.work();
        if (done) options.log.info(done, options.name);
      } catch (err) {
        options.log.error({ err }, `${options.name} failed`);
      }
    });
    return running;
  };
  if (!options.waitFirst) void run();
  const timer = setInterval(() => void run(), options.intervalMs);
  timer.unref();
  return {
    runNow: run,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
