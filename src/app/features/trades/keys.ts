/** Query keys of the trade log; writes refresh the narrowest prefix (`lists()` or `accounts()`). */
export const tradeKeys = {
  all: ['trades'] as const,
  accounts: () => [...tradeKeys.all, 'accounts'] as const,
  lists: () => [...tradeKeys.all, 'list'] as const,
  list: (accountId: number, view: string) => [...tradeKeys.lists(), accountId, view] as const,
  order: (orderId: number) => [...tradeKeys.all, 'order', orderId] as const,
  calculation: (request: unknown) => [...tradeKeys.all, 'calculation', request] as const,
  explanation: (request: unknown) => [...tradeKeys.all, 'explanation', request] as const,
};

/** The one mutation key of trade-log writes. */
export const TRADE_WRITE_KEY = [...tradeKeys.all, 'write'] as const;
