/**
 * The market data the order editor and the analyzer need (spec 1 §7, spec 3 §7): the underlyings
 * for the ticker selector, daily bars for the price chart, IV vs HV history, an option chain for
 * the legs, and contract values (the stock's last price for a stock leg). Thin reads of the market
 * provider. The spreadsheet add-on reads the same answers under `/addon/…`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type ContractValuesRow,
  type OptionChainRow,
  symbolParamSchema,
  type UnderlyingRow,
} from '#api/market.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { parseContractId, UnknownContractError } from '#domain/contracts/contract-id.ts';
import { notFound } from '#domain/errors.ts';
import { requireAddIn } from '../addin/require-add-in.ts';
import { type CallInput, route } from '../http/contract-routes.ts';
import { parseInput } from '../http/errors.ts';
import { expirationRows } from '../market/expiration-rows.ts';
import type { MarketProvider } from '../market/provider.ts';
import { underlyingFacts } from '../market/underlying-facts.ts';
import { legMarket, underlyingSymbol } from '../trades/market-legs.ts';

/**
 * The symbol of the path (`:symbol`, or `:id` under /trades and /addon as the spec names it),
 * upper-cased; a malformed one is a 400 rather than an unknown symbol.
 */
const symbolOf = (request: FastifyRequest): string => {
  const p = request.params as { symbol?: string; id?: string };
  return parseInput(symbolParamSchema, { symbol: (p.symbol ?? p.id ?? '').toUpperCase() }, 'path').symbol;
};

export function marketDataRoutes(app: FastifyInstance, deps: { market: MarketProvider }): void {
  const { market } = deps;

  const underlyings = async (): Promise<UnderlyingRow[]> =>
    market.universe().map((u) => ({
      contract: { kind: 'stock', symbol: u.symbol },
      name: u.name,
      type: u.kind,
      sector: u.sector,
    }));

  const optionChain = async (request: FastifyRequest): Promise<OptionChainRow[]> => {
    const symbol = symbolOf(request);
    const chain = market.optionChain(symbol);
    if (!chain) throw notFound(`Symbol ${symbol}`);
    return chain.options.map((o) => ({
      option: o.contract,
      id: o.id,
      bid: o.bid,
      ask: o.ask,
      mid: o.bid > 0 || o.ask > 0 ? o.mid : null,
      iv: o.iv,
    }));
  };

  const contractValues = async (
    _request: FastifyRequest,
    _reply: FastifyReply,
    input: CallInput<'market.contractValues' | 'addIn.contractValues'>,
  ): Promise<ContractValuesRow[]> => {
    const { contractIds, fields } = input.body();
    return contractIds.map((contractId) => {
      const row: ContractValuesRow = { contractId };
      let contract: Contract | undefined;
      try {
        contract = parseContractId(contractId);
      } catch (err) {
        // One bad id must not fail the batch: its row says why and its fields stay null.
        if (err instanceof UnknownContractError) row.error = err.message;
        else throw err;
      }
      const values = contract && legMarket(market, contract);
      const last = contract ? (market.quote(underlyingSymbol(contract))?.last ?? null) : null;
      for (const field of fields) {
        row[field] = field === 'stock_last' ? last : (values?.[field] ?? null);
      }
      return row;
    });
  };

  // Each call and its add-on twin share one handler; the twins are for plans with the add-in.
  const addIn = { preHandler: requireAddIn };
  route(app, 'market.underlyings', {}, underlyings);
  route(app, 'addIn.underlyings', addIn, underlyings);
  route(app, 'market.optionChain', {}, optionChain);
  route(app, 'addIn.optionChain', addIn, optionChain);
  route(app, 'market.contractValues', {}, contractValues);
  route(app, 'addIn.contractValues', addIn, contractValues);

  route(app, 'market.bars', {}, async (request) => {
    const bars = market.bars(symbolOf(request));
    return bars
      ? bars.map(({ time, open, high, low, close, volume }) => ({ time, open, high, low, close, volume }))
      : null;
  });

  route(app, 'market.facts', {}, async (request) => {
    const symbol = symbolOf(request);
    const facts = underlyingFacts(market, symbol);
    if (!facts) throw notFound(`Symbol ${symbol}`);
    return facts;
  });

  route(app, 'market.ivRv', {}, async (request, _reply, input) => {
    const symbol = symbolOf(request);
    const query = input.query();
    const rows = market.ivHistory(symbol, query);
    if (!rows) throw notFound(`Symbol ${symbol}`);
    // The first sessions lack a full window of closes: their HV is NaN, answered as null.
    return rows.map(({ time, iv, hv }) => ({ time, iv, hv: Number.isFinite(hv) ? hv : null }));
  });

  route(app, 'market.expirations', {}, async (request) => {
    const symbol = symbolOf(request);
    const chain = market.optionChain(symbol);
    if (!chain) throw notFound(`Symbol ${symbol}`);
    return expirationRows(chain);
  });
}
