/** Query keys of the market's reads: underlyings, chains, bars, facts, IV vs HV, last prices. */
export const marketKeys = {
  all: ['market'] as const,
  underlyings: () => [...marketKeys.all, 'underlyings'] as const,
  chain: (symbol: string) => [...marketKeys.all, 'chain', symbol] as const,
  bars: (symbol: string) => [...marketKeys.all, 'bars', symbol] as const,
  stockLast: (symbol: string) => [...marketKeys.all, 'stockLast', symbol] as const,
  facts: (symbol: string) => [...marketKeys.all, 'facts', symbol] as const,
  ivRv: (symbol: string, query: IvRvChoice) =>
    [...marketKeys.all, 'ivRv', symbol, query.delta, query.dte, query.right] as const,
};

/** The IV vs HV chart's choices (spec 1 §5): delta 0–100 by 10, 7–90 days, CALLs, PUTs or both. */
export interface IvRvChoice {
  readonly delta: number;
  readonly dte: number;
  readonly right: 'CALL' | 'PUT' | null;
}
