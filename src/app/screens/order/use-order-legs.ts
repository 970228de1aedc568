/**
 * The order's ticker, strategy and legs. For a new order the ticker's chain and last price are
 * loaded; picking a ticker or a strategy clears the legs and builds the strategy's default legs
 * once the chain is in (a custom strategy starts empty, legs added one at a time).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { OrderStrategy } from '#api/trades.ts';
import { chainQuery, stockLastQuery } from '#app/features/market/queries.ts';
import { CUSTOM_STRATEGY } from '#domain/orders/order-validation.ts';
import { customLeg, type EditorLeg, strategyLegs } from './order-draft.ts';

export function useOrderLegs(init: {
  readonly symbol: string | null;
  readonly strategy: OrderStrategy | null;
  readonly legs: readonly EditorLeg[];
  /** A new order picks contracts from the chain; other modes keep the stored contracts. */
  readonly newOrder: boolean;
}) {
  const { newOrder } = init;
  const [symbol, setSymbol] = useState(init.symbol);
  const [strategy, setStrategy] = useState<OrderStrategy | null>(init.strategy);
  const [legs, setLegs] = useState<readonly EditorLeg[]>(init.legs);
  // Set when the user picks a ticker or strategy: the strategy's default legs are built once the chain is in.
  const [needsDefaults, setNeedsDefaults] = useState(false);
  const chainData = useQuery({ ...chainQuery(symbol ?? ''), enabled: newOrder && symbol !== null });
  const last = useQuery({ ...stockLastQuery(symbol ?? ''), enabled: newOrder && symbol !== null });
  const chain = newOrder ? (chainData.data ?? null) : null;

  useEffect(() => {
    if (!needsDefaults || !strategy || !chainData.data || last.data === undefined) return;
    setNeedsDefaults(false);
    setLegs(
      strategy === CUSTOM_STRATEGY ? [] : strategyLegs(strategy, chainData.data, last.data ?? 0, Date.now()),
    );
  }, [needsDefaults, strategy, chainData.data, last.data]);

  return {
    symbol,
    strategy,
    legs,
    chain,
    /** The chain or the default legs are on their way. */
    loading: newOrder && (chainData.isPending || needsDefaults),
    chooseSymbol: (next: string) => {
      setSymbol(next);
      setLegs([]);
      setNeedsDefaults(strategy !== null);
    },
    chooseStrategy: (next: OrderStrategy) => {
      setStrategy(next);
      setLegs([]);
      setNeedsDefaults(symbol !== null);
    },
    addLeg: (kind: 'stock' | 'option') => {
      if (!chain) return;
      setLegs((ls) => [...ls, customLeg(kind, ls, chain, last.data ?? 0, Date.now())]);
    },
    changeLeg: (index: number, leg: EditorLeg) => setLegs((ls) => ls.map((l, i) => (i === index ? leg : l))),
    removeLeg: (index: number) => setLegs((ls) => ls.filter((_, i) => i !== index)),
  };
}

/** What the legs' part of the form reads and changes. */
export type LegsState = Pick<
  ReturnType<typeof useOrderLegs>,
  'symbol' | 'strategy' | 'legs' | 'chain' | 'addLeg' | 'changeLeg' | 'removeLeg'
>;
