/** Query keys of the system calls (the operator's message, the health check). */
export const systemKeys = {
  all: ['system'] as const,
  health: () => [...systemKeys.all, 'health'] as const,
  message: () => [...systemKeys.all, 'message'] as const,
};
