/**
 * What a set of parallel runs shows (spec 3 §8): the answers that came, in the order asked; when
 * every run failed, the message of the failure (a known error's own, the time-out message for 408
 * and 504, else the generic one); a run aborted because the inputs changed says nothing.
 */
import { errorMessageOf } from '#app/components/error-message.ts';

export type RunState<T> =
  | { readonly status: 'running' }
  | { readonly status: 'done'; readonly answer: T }
  | { readonly status: 'failed'; readonly error: unknown };

export interface RunOutcome<T> {
  /** Runs finished (answered or failed), of `total`. */
  readonly finished: number;
  readonly total: number;
  readonly answers: readonly T[];
  /** Shown only when no run answered and none is still running. */
  readonly error: string | null;
}

export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError';

export function runOutcome<T>(states: readonly RunState<T>[]): RunOutcome<T> {
  const answers = states.flatMap((s) => (s.status === 'done' ? [s.answer] : []));
  const failures = states.flatMap((s) => (s.status === 'failed' && !isAbort(s.error) ? [s.error] : []));
  const finished = states.filter((s) => s.status !== 'running').length;
  const allFailed = states.length > 0 && answers.length === 0 && finished === states.length;
  return {
    finished,
    total: states.length,
    answers,
    error: allFailed && failures.length > 0 ? errorMessageOf(failures[0]) : null,
  };
}
