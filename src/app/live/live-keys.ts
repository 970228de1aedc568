/**
 * The query key of live quotes, apart from the cache writes (`live-cache.ts`): screens read it
 * from their first paint, the writes load with the live connection once the content shows.
 */
export const liveKeys = {
  all: ['live'] as const,
  /** Every quote received, by id (symbol or option id). */
  quotes: () => [...liveKeys.all, 'quotes'] as const,
};
