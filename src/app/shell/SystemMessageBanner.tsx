import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { SYSTEM_MESSAGE_POLL_MS, type SystemMessage } from '#api/system-message.ts';
import { systemKeys } from '#app/features/system/keys.ts';
import { useCachedData, useRefresh } from '../api/cached-query.ts';
import { shellCall } from '../api/client.ts';

const DISMISSED_KEY = 'system-message:dismissed';

/**
 * The operator's message, polled every 30 s (spec 1 §2). A trailing message stays until the
 * operator clears it; another can be dismissed and stays dismissed until a new one is set.
 */
export function SystemMessageBanner() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      queryClient.fetchQuery({
        queryKey: systemKeys.message(),
        // 204 (no message) has no body; the cache keeps null rather than undefined.
        queryFn: async ({ signal }) => (await shellCall('system.message', signal)) ?? null,
        staleTime: 0,
      }),
    [queryClient],
  );
  useRefresh(refresh, true, SYSTEM_MESSAGE_POLL_MS);
  const data = useCachedData<SystemMessage | null>(systemKeys.message());
  const [dismissed, setDismissed] = useState(() => localStorage.getItem(DISMISSED_KEY));
  if (!data || (!data.trailing && dismissed === data.updatedAt)) return null;
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, data.updatedAt);
    setDismissed(data.updatedAt);
  };
  return (
    <div className="system-message" role="status">
      <div>
        <strong>{data.message}</strong>
        {data.description && <p>{data.description}</p>}
      </div>
      {!data.trailing && (
        <button type="button" className="link-button" onClick={dismiss} aria-label="Dismiss message">
          ✕
        </button>
      )}
    </div>
  );
}
