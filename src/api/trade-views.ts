/** The trade log's lists (`GET /trades/{view}`); free of zod, so the app's router may read them. */
export const TRADE_VIEWS = ['open', 'closed', 'archived'] as const;
export type TradeView = (typeof TRADE_VIEWS)[number];
