/** Answers of the analyzer's calls for the component tests: AAPL at $200, two dates, trades. */
import type { Bar, ExpirationRow, UnderlyingFacts, UnderlyingRow } from '#api/market.ts';
import type {
  ScenarioDistribution,
  ScenarioLeg,
  ScenarioRunStandardAnswer,
  ScenarioRunStandardRequest,
  ScenarioTrade,
} from '#api/scenario.ts';
import type { Contract } from '#domain/contracts/contract.ts';
import { formatContractId } from '#domain/contracts/contract-id.ts';
import type { AnalyzerStrategy } from '#domain/scenario/behaviors.ts';

export const UNDERLYINGS: UnderlyingRow[] = [
  { contract: { kind: 'stock', symbol: 'AAPL' }, name: 'Apple Inc.', type: 1, sector: 1 },
  { contract: { kind: 'stock', symbol: 'AMZN' }, name: 'Amazon.com Inc.', type: 1, sector: 1 },
];

export const FACTS: UnderlyingFacts = {
  symbol: 'AAPL',
  asOf: '2026-11-27T15:00:00.000Z',
  values: {
    name: 'Apple Inc.',
    stock_last: 200,
    stock_change: 0.012,
    atr_dollar: 4,
    std21: 0.25,
    target_price: 230,
    ma: 0.25,
    week_52_high: -0.2,
    week_52_low: 0.6,
    stock_rv: 0.2412,
  },
};

export const EXPIRATIONS: ExpirationRow[] = [
  { date: '2026-12-18', daysToExpiry: 21.05, atmIv: 0.25 },
  { date: '2027-01-15', daysToExpiry: 49.05, atmIv: 0.26 },
];

export const BARS: Bar[] = Array.from({ length: 30 }, (_, i) => ({
  time: 1_792_108_800 + i * 86_400,
  open: 190 + i / 3,
  high: 191 + i / 3,
  low: 189 + i / 3,
  close: 190 + i / 3,
  volume: 1_000_000,
}));

const DISTRIBUTION: ScenarioDistribution = {
  spot: 200,
  years: 21.05 / 365,
  volatility: 0.2412,
  drift: 0.0407,
  regionProbability: 0.5,
};

const call = (strike: number): Contract => ({
  kind: 'option',
  underlying: 'AAPL',
  right: 'CALL',
  expiration: '2026-12-18',
  strike,
});

const leg = (contract: Contract, quantity: number, price: number): ScenarioLeg => ({
  contract,
  contractId: formatContractId(contract),
  quantity,
  price,
});

/** A trade of the strategy at slot `slot`: a call of strike 190 + 5·slot (stock for stock). */
export function tradeOf(strategy: AnalyzerStrategy, slot: number): ScenarioTrade {
  const stock = strategy === 'long_stock' || strategy === 'short_stock';
  const legs = stock
    ? [leg({ kind: 'stock', symbol: 'AAPL' }, strategy === 'long_stock' ? 100 : -100, 200)]
    : [leg(call(190 + 5 * slot), 1, 12.4 - slot)];
  const prices = [150, 200, 250];
  return {
    strategy,
    symbol: 'AAPL',
    legs,
    cost: 1240,
    expectedPl: 900 - 50 * slot,
    return: 0.8 - 0.05 * slot,
    probProfit: 0.3 + 0.04 * slot,
    risk: 1240,
    riskKind: 'maxLoss',
    lastExpiration: '2026-12-18',
    profileAtDate: { prices, pl: [-1000, 0, 3000] },
    profileAtExpiration: { prices, pl: [-1240, -200, 4000] },
  };
}

/** The answer of one strategy's run: ten slots. */
export function standardAnswer(body: ScenarioRunStandardRequest): ScenarioRunStandardAnswer {
  return {
    correlationId: null,
    symbol: body.symbol,
    date: body.date,
    asOf: '2026-11-27T15:00:00.000Z',
    distribution: DISTRIBUTION,
    results: body.strategies.map((strategy) => ({
      strategy,
      slots: Array.from({ length: 10 }, (_, slot) => tradeOf(strategy, slot)),
      candidates: 40,
      frontier: 10,
    })),
  };
}
