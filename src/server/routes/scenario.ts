/**
 * The Scenario Analyzer's runs (spec 3 §7, docs/ANALYZER.md): `POST /scenario/runstandard` and
 * `POST /scenario/runscan`.
 */
import type { FastifyInstance } from 'fastify';
import { notFound } from '#domain/errors.ts';
import { route } from '../http/contract-routes.ts';

export function scenarioRoutes(app: FastifyInstance): void {
  route(app, 'scenario.runStandard', {}, async (_request, _reply, input) => {
    const { symbol } = input.body();
    throw notFound(`Symbol ${symbol}`);
  });
  route(app, 'scenario.runScan', {}, async (_request, _reply, input) => {
    const { scanId } = input.body();
    throw notFound(`Scan ${scanId}`);
  });
}
