/** The screener's stored things: scan lists (with their cards), scans, tags, universes. */
export const screenerKeys = {
  all: ['screener'] as const,
  lists: () => [...screenerKeys.all, 'lists'] as const,
  scans: () => [...screenerKeys.all, 'scan'] as const,
  scan: (id: number) => [...screenerKeys.scans(), id] as const,
  tags: () => [...screenerKeys.all, 'tags'] as const,
  universes: () => [...screenerKeys.all, 'universes'] as const,
};
