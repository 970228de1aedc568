/**
 * What a watched scan's alert is about (docs/WATCHING.md): the trades now among the scan's top
 * results that its owner has not heard of. Each ticker's best trade counts, in the scan's own
 * order, up to `WATCH_TOP_TRADES`: a trade further down is not news a trader acts on, and a trade
 * that merely moved within the top is not new. At most one alert a scan per `ALERT_GAP_MS`: trades
 * that arrive meanwhile wait for the next one, and those gone again by then are never announced.
 */

/** How many of a watched scan's top trades (one per ticker, best first) each check compares. */
export const WATCH_TOP_TRADES = 10;

/** At most one alert a scan this often. */
export const ALERT_GAP_MS = 60 * 60_000;

/** The ids a check keeps: the first `WATCH_TOP_TRADES` trades, in order. */
export function topTradeIds(trades: readonly { readonly id: string }[]): string[] {
  return trades.slice(0, WATCH_TOP_TRADES).map((t) => t.id);
}

export interface WatchState {
  /** Trade ids the owner has heard of (the top at the last alert, or at the first check); null before it. */
  readonly seen: readonly string[] | null;
  /** When the last alert went out (epoch ms); null for none yet. */
  readonly alertedAt: number | null;
}

export interface WatchOutcome<T> {
  /** The trades to announce now, best first; empty for no alert. */
  readonly announce: readonly T[];
  /** The state to keep for the next check. */
  readonly next: WatchState;
}

/**
 * One check of a watched scan whose top trades are now `top` (best first), at `now`. The first
 * check announces nothing: it records what the scan shows.
 */
export function watchOutcome<T extends { readonly id: string }>(
  state: WatchState,
  top: readonly T[],
  now: number,
): WatchOutcome<T> {
  const ids = topTradeIds(top);
  if (state.seen === null) return { announce: [], next: { seen: ids, alertedAt: state.alertedAt } };
  const before = new Set(state.seen);
  const fresh = top.slice(0, WATCH_TOP_TRADES).filter((t) => !before.has(t.id));
  if (fresh.length === 0) return { announce: [], next: { seen: ids, alertedAt: state.alertedAt } };
  // Within the gap, what the owner heard of stays as it was: the new trades are still new next time.
  if (state.alertedAt !== null && now - state.alertedAt < ALERT_GAP_MS) return { announce: [], next: state };
  return { announce: fresh, next: { seen: ids, alertedAt: now } };
}
