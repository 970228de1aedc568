import type { FastifyInstance } from 'fastify';
import { route } from '../http/contract-routes.ts';
import type { MarketProvider } from '../market/provider.ts';

/**
 * Market-wide inputs of the pricing model, from the market provider: the same risk-free rate the
 * provider prices its chains and the trade metrics with.
 */
export function marketEnvironmentRoutes(app: FastifyInstance, deps: { market: MarketProvider }): void {
  route(app, 'market.environment', {}, async () => ({ riskFreeRate: deps.market.riskFreeRate() }));
}
