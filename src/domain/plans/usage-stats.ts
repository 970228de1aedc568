/** The usage-stats answer (spec 1 §7, spec 3 §3) and the watch popover's counter (spec 2 §6). */
import type { PlanLimits, ReportsAvailability } from './plan-limits.ts';

export interface UsageStats {
  readonly maxWatchingScans: number;
  readonly usedWatchingScans: number;
  readonly reportsAvailability: ReportsAvailability;
  /** null means unlimited. */
  readonly maxTradingAccounts: number | null;
}

export function usageStats(limits: PlanLimits, usedWatchingScans: number): UsageStats {
  return {
    maxWatchingScans: limits.maxWatchingScans,
    usedWatchingScans,
    reportsAvailability: limits.reportsAvailability,
    maxTradingAccounts: limits.maxTradingAccounts,
  };
}

/** From this many watchable scans on, the popover shows only the used count. */
export const WATCHING_COUNT_SHOWN_BELOW = 40;

/**
 * The watch popover's counter, or null when the plan has no watching (max 0 or unknown), in
 * which case the popover offers an upgrade instead.
 */
export function watchingText(
  stats: Pick<UsageStats, 'maxWatchingScans' | 'usedWatchingScans'>,
): string | null {
  const { maxWatchingScans: max, usedWatchingScans: used } = stats;
  if (!max) return null;
  if (max < WATCHING_COUNT_SHOWN_BELOW) return `Watching ${used} out of ${max} available scans`;
  return `Watching ${used} ${used === 1 ? 'scan' : 'scans'}`;
}
