/** A saved scan of the user's, as `GET /scans/5` answers it. */
import type { Scan } from '#api/screener-model.ts';

export const SAVED_SCAN: Scan = {
  id: 5,
  title: 'Weekly puts',
  description: '',
  strategy: 'bull_put_spread',
  isSample: false,
  isFavorite: false,
  listId: 1,
  tags: [],
  createDate: '2026-01-02T00:00:00.000Z',
  watch: { status: false, maxCount: 20, usedCount: 2 },
  legs: null,
  ratio: null,
  filters: {},
  sorting: [],
  calculationSettings: { bid_ask_level: 0 },
  columns: [],
  narrowedToSymbol: null,
  page: 0,
  updateDate: '2026-01-02T00:00:00.000Z',
};
