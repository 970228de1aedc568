import type { FastifyInstance } from 'fastify';
import type { MarketEnvironment } from '#api/market-environment.ts';
import type { MarketProvider } from '../market/provider.ts';

/**
 * Market-wide inputs of the pricing model, from the market provider: the same risk-free rate the
 * provider prices its chains and the trade metrics with.
 */
export function marketEnvironmentRoutes(app: FastifyInstance, deps: { market: MarketProvider }): void {
  app.get(
    '/market/environment',
    async (): Promise<MarketEnvironment> => ({ riskFreeRate: deps.market.riskFreeRate() }),
  );
}
