/**
 * Where hub pushes enter the TanStack Query cache: the one place (spec 2 §4.7, docs/LIVE.md).
 * Components never write live data; they read their queries as usual and re-render when a push
 * changed a row.
 * - Trade updates go into the query each registration names (a scan page, a list of rows).
 * - Quotes go into `liveKeys.quotes()`, re-mark the trade log's open positions (every
 *   `tradeKeys.lists()` query), set the order editor's last price (`marketKeys.stockLast`), and
 *   refresh the editor's calculation when one of its legs moved, at most every 5 s (never a
 *   refused one).
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveQuote } from '#api/hub.ts';
import type { Position, TradeCalculationRequest } from '#api/trades.ts';
import { marketKeys } from '#app/features/market/keys.ts';
import { tradeKeys } from '#app/features/trades/keys.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import { liveKeys } from './live-keys.ts';
import { markPositions } from './position-marks.ts';
import { type LiveTradeUpdate, mergeTradeData } from './trade-merge.ts';

/** An order calculation is recalculated on live quotes at most this often, ms. */
export const CALCULATION_REFRESH_MS = 5_000;

/** Applies trade updates to the query of each update's registration. */
export function applyTradeUpdates(
  queryClient: QueryClient,
  queryKeyOf: (registrationId: string) => QueryKey | undefined,
  updates: readonly LiveTradeUpdate[],
): void {
  const byRegistration = new Map<string, Map<string, LiveTradeUpdate>>();
  for (const u of updates) {
    const map = byRegistration.get(u.registrationId) ?? new Map<string, LiveTradeUpdate>();
    map.set(u.id, u);
    byRegistration.set(u.registrationId, map);
  }
  for (const [registrationId, map] of byRegistration) {
    const queryKey = queryKeyOf(registrationId);
    if (!queryKey) continue;
    queryClient.setQueriesData<unknown>({ queryKey }, (data: unknown) =>
      data === undefined ? data : mergeTradeData(data, map),
    );
  }
}

const calculationLegIds = (key: QueryKey): string[] => {
  const request = key[2] as TradeCalculationRequest | undefined;
  return request?.legs?.map((l) => formatContractId(l.contract)) ?? [];
};

export function applyQuotes(queryClient: QueryClient, quotes: readonly LiveQuote[], nowMs: number): void {
  if (quotes.length === 0) return;
  const byId = new Map(quotes.map((q) => [q.id, q]));
  queryClient.setQueryData<Record<string, LiveQuote>>(liveKeys.quotes(), (all) => ({
    ...all,
    ...Object.fromEntries(byId),
  }));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: tradeKeys.lists() })) {
    // A list a write has invalidated is asked for again when shown: writing marks into it would
    // mark it fresh, and the Closed list would keep a realized P/L the server has changed (after
    // a reload too, from the persisted cache). Marks keep the time the server answered, so a
    // list is refetched on its usual schedule, and a list nothing moved is left untouched.
    const positions = query.state.data as readonly Position[] | undefined;
    if (!positions || query.state.isInvalidated) continue;
    const marked = markPositions(positions, byId, nowMs);
    if (marked !== positions) {
      queryClient.setQueryData(query.queryKey, marked, { updatedAt: query.state.dataUpdatedAt });
    }
  }
  for (const q of quotes) {
    const key = marketKeys.stockLast(q.id);
    if (q.kind === 'stock' && queryClient.getQueryState(key)) queryClient.setQueryData(key, q.last);
  }
  const calculations = queryClient.getQueryCache().findAll({ queryKey: [...tradeKeys.all, 'calculation'] });
  for (const query of calculations) {
    // A refused calculation (legs that do not fit, a contract not traded) is refused again
    // whatever the quotes: asking again would only make the editor's message blink.
    if (query.state.status !== 'success') continue;
    if (nowMs - query.state.dataUpdatedAt < CALCULATION_REFRESH_MS) continue;
    if (calculationLegIds(query.queryKey).some((id) => byId.has(id)))
      void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }
}
