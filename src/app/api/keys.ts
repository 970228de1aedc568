/**
 * Query keys, one factory per feature, so a mutation can invalidate the narrowest prefix.
 * Later features add their factory here.
 */
export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
  message: () => [...systemKeys.all, 'message'] as const,
};

/** The signed-in user's own account; cleared when another user signs in. */
export const accountKeys = {
  all: ['account'] as const,
  subscription: () => [...accountKeys.all, 'subscription'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
  usageStats: () => [...accountKeys.all, 'usagestats'] as const,
};

/** The screener's stored things: scan lists (with their cards), scans, tags, universes. */
export const screenerKeys = {
  all: ['screener'] as const,
  lists: () => [...screenerKeys.all, 'lists'] as const,
  scans: () => [...screenerKeys.all, 'scan'] as const,
  scan: (id: number) => [...screenerKeys.scans(), id] as const,
  tags: () => [...screenerKeys.all, 'tags'] as const,
  universes: () => [...screenerKeys.all, 'universes'] as const,
};
