/**
 * The market data the order editor needs (spec 3 §7): the underlyings for the ticker selector,
 * daily bars for the price chart, an option chain for the legs, and contract values (the stock's
 * last price for a stock leg). Thin reads of the market provider.
 */
import type { FastifyInstance } from 'fastify';
import {
  type Bar,
  type ContractValuesRow,
  contractValuesRequestSchema,
  type OptionChainRow,
  type UnderlyingRow,
} from '../../api/market.ts';
import { parseContractId } from '../../domain/contracts/contract-id.ts';
import { parseInput } from '../http/errors.ts';
import type { MarketProvider } from '../market/provider.ts';
import { legMarket } from '../trades/market-legs.ts';

/** The symbol of the path (`:symbol`, or `:id` under /trades as the spec names it), upper-cased. */
const symbolOf = (params: unknown): string => {
  const p = params as { symbol?: string; id?: string };
  return (p.symbol ?? p.id ?? '').toUpperCase();
};

export function marketDataRoutes(app: FastifyInstance, deps: { market: MarketProvider }): void {
  const { market } = deps;

  app.get(
    '/underlyings',
    async (): Promise<UnderlyingRow[]> =>
      market.universe().map((u) => ({ contract: { kind: 'stock', symbol: u.symbol }, name: u.name })),
  );

  app.get('/underlyings/:symbol/bars', async (request): Promise<Bar[] | null> => {
    const bars = market.bars(symbolOf(request.params));
    return bars
      ? bars.map(({ time, open, high, low, close, volume }) => ({ time, open, high, low, close, volume }))
      : null;
  });

  app.get('/trades/:id/optionchain', async (request): Promise<OptionChainRow[]> => {
    const chain = market.optionChain(symbolOf(request.params));
    return (chain?.options ?? []).map((o) => ({
      option: o.contract,
      id: o.id,
      bid: o.bid,
      ask: o.ask,
      mid: o.bid > 0 || o.ask > 0 ? o.mid : null,
      iv: o.iv,
    }));
  });

  app.post('/contract', async (request): Promise<ContractValuesRow[]> => {
    const { contractIds, fields } = parseInput(contractValuesRequestSchema, request.body);
    return contractIds.map((contractId) => {
      let values: ReturnType<typeof legMarket>;
      let last: number | null = null;
      try {
        const contract = parseContractId(contractId);
        values = legMarket(market, contract);
        const symbol = contract.kind === 'stock' ? contract.symbol : contract.underlying;
        last = market.quote(symbol)?.last ?? null;
      } catch {
        values = undefined;
      }
      const row: ContractValuesRow = { contractId };
      for (const field of fields) {
        row[field] = field === 'stock_last' ? last : (values?.[field] ?? null);
      }
      return row;
    });
  });
}
