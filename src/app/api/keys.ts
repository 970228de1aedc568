/**
 * Query keys, one factory per feature, so a mutation can invalidate the narrowest prefix.
 * Later features add their factory here.
 */
export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};
