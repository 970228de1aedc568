/** Query keys of the analyzer's reads: the chain's expirations and the market's risk-free rate. */
export const analyzerKeys = {
  all: ['analyzer'] as const,
  expirations: (symbol: string) => [...analyzerKeys.all, 'expirations', symbol] as const,
  riskFreeRate: () => [...analyzerKeys.all, 'riskFreeRate'] as const,
};
