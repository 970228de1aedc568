import type { FastifyInstance } from 'fastify';
import type { MarketEnvironment } from '../../api/market-environment.ts';

/**
 * Market-wide inputs of the pricing model. The risk-free rate is the configured default until
 * the market provider supplies a live one.
 */
export function marketEnvironmentRoutes(app: FastifyInstance, deps: { riskFreeRate: () => number }): void {
  app.get(
    '/market/environment',
    async (): Promise<MarketEnvironment> => ({ riskFreeRate: deps.riskFreeRate() }),
  );
}
