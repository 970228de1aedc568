/**
 * One check of a watched scan (docs/WATCHING.md): the scan's first page run now, as its owner
 * would run it (their plan, their universes), timed by its own compute time (not the time queued
 * behind other users' scans in the engine's workers). A run over the budget, or past the engine's
 * own time limit, makes the watch WATCHING_TOO_EXPENSIVE: checking it every few minutes would
 * crowd out everyone's scans. A check's results are kept in no cache (`ScanEngine.runOnce`): read
 * once, they would only take room from the results users page through.
 */
import type { ScanDefinition, ScanTradeRow } from '#api/scans.ts';
import { DomainError } from '#domain/errors.ts';
import type { ScanEngine } from '../engine/scan-engine.ts';
import { scanRequestFor } from '../routes/scans-run.ts';
import { type Db, normalizedOf, type ScanRow } from '../screener/scan-store.ts';
import type { SignedInUser } from '../users/users.ts';

export interface WatchRunDeps {
  readonly db: Db;
  readonly engine: ScanEngine;
  /** A run whose own compute time (ms, `ScanResult.computeMs`) is over this is too expensive to watch. */
  readonly budgetMs: number;
}

export type WatchRun =
  | { readonly kind: 'tooExpensive' }
  /** The tickers' best trades, best first. */
  | { readonly kind: 'ran'; readonly top: readonly ScanTradeRow[] };

/** A stored scan as a run of its first page, with its sorting and bid/ask level. */
export function watchDefinition(row: ScanRow): ScanDefinition {
  const { strategy, filters, definition } = normalizedOf(row);
  return {
    strategy,
    filters,
    legs: definition.legs,
    ratio: definition.ratio,
    sorting: definition.sorting,
    calculationSettings: definition.calculationSettings,
    narrowedToSymbol: definition.narrowedToSymbol,
    page: 0,
  };
}

/** Runs the watched scan once. Its owner's plan must allow the scan (else PLAN_LIMIT_REACHED). */
export async function runWatchedScan(
  deps: WatchRunDeps,
  owner: SignedInUser,
  row: ScanRow,
): Promise<WatchRun> {
  const request = await scanRequestFor(deps.db, owner, watchDefinition(row));
  try {
    // The scan's own compute time: on a busy server, the wait behind other users' scans would
    // make a cheap scan look expensive.
    const { page, computeMs } = await deps.engine.runOnce(request);
    if (computeMs > deps.budgetMs) return { kind: 'tooExpensive' };
    return { kind: 'ran', top: page.items };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'TIMEOUT') return { kind: 'tooExpensive' };
    throw err;
  }
}
