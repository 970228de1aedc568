/**
 * Runs in parallel, combined as they answer (spec 3 §4: 'Loading n/m'). A new key (other inputs,
 * or Run pressed again) aborts every run of the old one, as does leaving the screen; jobs added
 * under the same key (the next page of scans) start without redoing the others.
 */
import { useEffect, useRef, useState } from 'react';
import { type RunOutcome, type RunState, runOutcome } from './run-outcome.ts';

export interface RunJob<T> {
  readonly id: string;
  readonly run: (signal: AbortSignal) => Promise<T>;
}

interface Started<T> {
  readonly key: string | null;
  readonly states: ReadonlyMap<string, RunState<T>>;
}

const RUNNING = { status: 'running' } as const;

export function useParallelRuns<T>(key: string | null, jobs: readonly RunJob<T>[]): RunOutcome<T> {
  const [started, setStarted] = useState<Started<T>>({ key: null, states: new Map() });
  const controller = useRef<{ key: string | null; abort: AbortController; ids: Set<string> } | null>(null);

  useEffect(() => {
    const current = { key, abort: new AbortController(), ids: new Set<string>() };
    controller.current = current;
    setStarted({ key, states: new Map() });
    return () => current.abort.abort();
  }, [key]);

  useEffect(() => {
    const current = controller.current;
    if (key === null || current === null || current.key !== key) return;
    for (const job of jobs) {
      if (current.ids.has(job.id)) continue;
      current.ids.add(job.id);
      const settle = (state: RunState<T>) => {
        if (current.abort.signal.aborted) return;
        setStarted((s) => (s.key === key ? { key, states: new Map(s.states).set(job.id, state) } : s));
      };
      job.run(current.abort.signal).then(
        (answer) => settle({ status: 'done', answer }),
        (error: unknown) => settle({ status: 'failed', error }),
      );
    }
  }, [key, jobs]);

  const states =
    key === null
      ? []
      : jobs.map((job) => (started.key === key ? started.states.get(job.id) : undefined) ?? RUNNING);
  return runOutcome(states);
}
