/** The signed-in user's own account; cleared when another user signs in. */
export const accountKeys = {
  all: ['account'] as const,
  subscription: () => [...accountKeys.all, 'subscription'] as const,
  settings: () => [...accountKeys.all, 'settings'] as const,
  usageStats: () => [...accountKeys.all, 'usagestats'] as const,
  reports: () => [...accountKeys.all, 'reports'] as const,
};
