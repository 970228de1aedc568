/**
 * The settings a user starts with, apart from account.ts's schemas: the trade log's screens
 * import them, and zod stays out of their chunks.
 */
import type { UserSettings } from './account.ts';

/** Settings of a user who never changed any (spec 3 §3: the server-side trade table defaults). */
export const DEFAULT_USER_SETTINGS: UserSettings = {
  trades: {
    columnKeys: [
      'underlying',
      'strategy',
      'strike',
      'expiration_date',
      'delta',
      'theta',
      'vega',
      'strategyPrice',
      'size',
      'accountEffect',
      'pl',
      'tradeDate',
      'comments',
    ],
    sorting: { key: 'tradeDate', order: 'desc' },
    grouping: null,
  },
  appearance: { mode: 'device' },
  analyzeTab: 'strategy',
  scannerSorting: { sortBy: 'createDate', onlyWatched: false, collapsedListIds: [] },
};
