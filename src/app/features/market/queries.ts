/** The market's reads for the scan page's Analyze panel, the order editor and the analyzer. */
import { queryOptions } from '@tanstack/react-query';
import { MARKET_CALLS } from '#api/contract/market.ts';
import { apiCaller } from '#app/api/api-caller.ts';
import { type IvRvChoice, marketKeys } from './keys.ts';

const marketCall = apiCaller(MARKET_CALLS);

export const underlyingsQuery = () =>
  queryOptions({
    queryKey: marketKeys.underlyings(),
    queryFn: ({ signal }) => marketCall('market.underlyings', {}, signal),
    staleTime: 3_600_000,
  });

export const chainQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.chain(symbol),
    queryFn: ({ signal }) => marketCall('market.optionChain', { params: { id: symbol } }, signal),
    staleTime: 60_000,
  });

export const barsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.bars(symbol),
    queryFn: ({ signal }) => marketCall('market.bars', { params: { symbol } }, signal),
    staleTime: 3_600_000,
  });

/** The underlying's own datapoints now, whatever a scan's columns were. */
export const factsQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.facts(symbol),
    queryFn: ({ signal }) => marketCall('market.facts', { params: { symbol } }, signal),
    staleTime: 60_000,
  });

export const ivRvQuery = (symbol: string, choice: IvRvChoice) =>
  queryOptions({
    queryKey: marketKeys.ivRv(symbol, choice),
    queryFn: ({ signal }) =>
      marketCall(
        'market.ivRv',
        {
          params: { symbol },
          query: { delta: choice.delta, dte: choice.dte, right: choice.right ?? 'null' },
        },
        signal,
      ),
    // Daily history: it changes once a session.
    staleTime: 3_600_000,
  });

export const stockLastQuery = (symbol: string) =>
  queryOptions({
    queryKey: marketKeys.stockLast(symbol),
    queryFn: async () => {
      const [row] = await marketCall('market.contractValues', {
        body: { contractIds: [symbol], fields: ['stock_last'] },
      });
      return row?.stock_last ?? null;
    },
    staleTime: 15_000,
  });
