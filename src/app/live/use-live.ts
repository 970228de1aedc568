/**
 * Hooks for screens that show live data (docs/LIVE.md "Using it from a screen"). They only say
 * what should be live; the live client writes the pushes into the query cache, so the screen
 * keeps reading its own queries.
 *
 *   useLiveTrades('0', rows, { queryKey, bidAskLevel, scenarios, fields });  // scan results
 *   const quotes = useLiveQuotes(['SPY', 'SPY260320C600']);                   // quotes by id
 */
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { HUB_LIMITS, type LiveQuote, type LiveScenario, type LiveTradeSpec } from '#api/hub.ts';
import type { Position } from '#api/trades.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import type { StrategyKey } from '#domain/strategies/strategy-key.ts';
import { loadLiveConnection } from './live-client.ts';
import type { LiveConnection } from './live-connection.ts';
import { liveKeys } from './live-keys.ts';

/** A trade as a screen has it: a scan row, or anything with an id, a strategy and legs. */
export interface LiveTradeSource {
  readonly id: string;
  readonly strategy: string;
  readonly legs: readonly { readonly contract: string | Contract; readonly quantity: number }[];
}

export interface LiveTradesOptions {
  /** The query holding the rows (a scan page, a list of rows): pushes update its rows by id. */
  readonly queryKey: QueryKey;
  /** Spec 2 §9.2: 0.5 conservative … −0.5 best case. */
  readonly bidAskLevel: number;
  /** Shift scenarios in the scan's order; null keeps an index free. */
  readonly scenarios?: readonly LiveScenario[];
  /** Datapoint names shown; only those (and the direction fields) are pushed. Default: every live field. */
  readonly fields?: readonly string[] | null;
  /** False pauses live updates (default true). */
  readonly enabled?: boolean;
}

/** The shared connection while the calling screen is shown and `enabled`; null until it loaded. */
function useLiveConnection(enabled: boolean): LiveConnection | null {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveConnection | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let acquired: LiveConnection | null = null;
    let cancelled = false;
    loadLiveConnection(queryClient)
      .then((connection) => {
        if (cancelled) return;
        acquired = connection;
        connection.acquire();
        setLive(connection);
      })
      .catch((err: unknown) => console.warn('[live]', err));
    return () => {
      cancelled = true;
      acquired?.release();
      setLive(null);
    };
  }, [queryClient, enabled]);
  return live;
}

const specOf = (t: LiveTradeSource): LiveTradeSpec => ({
  id: t.id,
  strategy: t.strategy as StrategyKey,
  legs: t.legs.map((l) => ({
    contract: typeof l.contract === 'string' ? l.contract : formatContractId(l.contract),
    quantity: l.quantity,
  })),
});

/**
 * Keeps `trades` live under `registrationId` ('0' for the scan results) while the screen shows
 * them; a change of trades or options registers again (replacing), leaving unregisters.
 */
export function useLiveTrades(
  registrationId: string,
  trades: readonly LiveTradeSource[],
  options: LiveTradesOptions,
): void {
  const enabled = (options.enabled ?? true) && trades.length > 0;
  const live = useLiveConnection(enabled);
  const signature = useMemo(
    () =>
      JSON.stringify([
        trades.slice(0, HUB_LIMITS.maxTrades).map(specOf),
        options.bidAskLevel,
        options.scenarios ?? [],
        options.fields ?? null,
        options.queryKey,
      ]),
    [trades, options.bidAskLevel, options.scenarios, options.fields, options.queryKey],
  );
  useEffect(() => {
    if (!live) return;
    const [specs, bidAskLevel, scenarios, fields, queryKey] = JSON.parse(signature) as [
      LiveTradeSpec[],
      number,
      LiveScenario[],
      string[] | null,
      QueryKey,
    ];
    live.register(registrationId, { trades: specs, bidAskLevel, scenarios, fields, queryKey });
    return () => live.unregister(registrationId);
  }, [live, registrationId, signature]);
}

/** The ids an order needs quotes for: its ticker and its legs' contracts. */
export function quoteIdsOf(
  symbol: string | null,
  legs: readonly { readonly contract: Contract }[] | undefined,
): string[] {
  const ids = new Set<string>(symbol ? [symbol] : []);
  for (const leg of legs ?? []) ids.add(formatContractId(leg.contract));
  return [...ids];
}

/** Ids the open positions need quotes for: every leg's contract and each underlying. */
export function positionQuoteIds(positions: readonly Position[]): string[] {
  const ids = new Set<string>();
  for (const p of positions) {
    if (p.closeDate !== null) continue;
    ids.add(p.symbol);
    for (const leg of p.legs) ids.add(formatContractId(leg.contract));
  }
  return [...ids];
}

/** Live quotes of symbols and option ids while the screen shows them, by id (as received so far). */
export function useLiveQuotes(ids: readonly string[]): Readonly<Record<string, LiveQuote>> {
  const live = useLiveConnection(ids.length > 0);
  const owner = useRef({});
  const key = ids.join(',');
  useEffect(() => {
    if (!live) return;
    const current = owner.current;
    live.setQuotes(current, key ? key.split(',') : []);
    return () => live.setQuotes(current, []);
  }, [live, key]);
  const quotes = useQuery({
    queryKey: liveKeys.quotes(),
    queryFn: (): Record<string, LiveQuote> => ({}),
    // Written by the live client only.
    enabled: false,
  });
  return quotes.data ?? {};
}
