/** Contracts and legs shared by the order tests. */
import type { OptionContract, Right, StockContract } from '#domain/contracts/contract.ts';
import type { OrderLeg } from '#domain/orders/order-leg.ts';

export const stock = (symbol: string): StockContract => ({ kind: 'stock', symbol });

export const option = (
  underlying: string,
  expiration: string,
  strike: number,
  right: Right,
): OptionContract => ({
  kind: 'option',
  underlying,
  expiration,
  strike,
  right,
});

export const call = (strike: number, expiration = '2025-01-17', underlying = 'AAPL') =>
  option(underlying, expiration, strike, 'CALL');
export const put = (strike: number, expiration = '2025-01-17', underlying = 'AAPL') =>
  option(underlying, expiration, strike, 'PUT');

export const leg = (contract: OrderLeg['contract'], quantity: number, limitPrice: number): OrderLeg => ({
  contract,
  quantity,
  limitPrice,
});
