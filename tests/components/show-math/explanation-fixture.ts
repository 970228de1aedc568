/**
 * What the server answers for "Show the math" in the component tests: the domain's explanation of
 * a bull put spread (sell the 95 put, buy the 90, at the conservative level), through JSON, and a
 * stub of `POST /trades/trade/explain` that records each request.
 */
import type { TradeExplainRequest } from '#api/trades.ts';
import type { TradeExplanation } from '#domain/metrics/explain.ts';
import { explainTrade } from '#domain/metrics/explain.ts';
import { put, trade } from '#tests/unit/domain/metrics/fixtures.ts';
import { PerCall } from '../api-stub.ts';

export const EXPLANATION: TradeExplanation = JSON.parse(
  JSON.stringify(
    explainTrade(trade('bull_put_spread', [put(-1, 95, 2.1), put(1, 90, 0.95)], { level: 0.5 })),
  ),
);

export const REQUEST: TradeExplainRequest = {
  strategy: 'bull_put_spread',
  legs: [
    {
      contract: { kind: 'option', underlying: 'XYZ', right: 'PUT', expiration: '2026-02-20', strike: 95 },
      quantity: -1,
      limitPrice: 2.1,
    },
    {
      contract: { kind: 'option', underlying: 'XYZ', right: 'PUT', expiration: '2026-02-20', strike: 90 },
      quantity: 1,
      limitPrice: 0.95,
    },
  ],
  fill: 'market',
  bidAskLevel: 0.5,
};

/** The stub's answers (for `stubApi`) and the requests it received. */
export function explainAnswers(): { answers: Record<string, unknown>; requests: unknown[] } {
  const requests: unknown[] = [];
  const answers = {
    '/trades/trade/explain': new PerCall(({ body }) => {
      requests.push(body);
      return EXPLANATION;
    }),
  };
  return { answers, requests };
}
