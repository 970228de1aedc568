/**
 * Checkout waits for the user's record before choosing between the store and a plan change
 * (spec 1 §2, §9): up to 6 checks of the subscription, 500 ms apart (about 3 seconds), then a
 * failure the screen offers to retry. A fresh answer each time: a cached status may be the
 * one from before a purchase.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { SubscriptionAnswer } from '#api/account.ts';
import { subscriptionQuery } from '#app/features/account/subscription.ts';

export const USER_RECORD_CHECKS = 6;
export const USER_RECORD_INTERVAL_MS = 500;

export type UserRecord =
  | { readonly state: 'waiting' }
  | { readonly state: 'ready'; readonly user: SubscriptionAnswer }
  | { readonly state: 'failed' };

export function useUserRecord(): { record: UserRecord; retry: () => void } {
  const queryClient = useQueryClient();
  const [round, setRound] = useState(0);
  const [record, setRecord] = useState<UserRecord>({ state: 'waiting' });
  useEffect(() => {
    // Restarted by `round`: each retry is a new series of checks.
    void round;
    let stopped = false;
    const pause = () => new Promise((resolve) => window.setTimeout(resolve, USER_RECORD_INTERVAL_MS));
    const check = async () => {
      for (let i = 0; i < USER_RECORD_CHECKS && !stopped; i++) {
        if (i > 0) await pause();
        if (stopped) return;
        const user = await queryClient
          .fetchQuery({ ...subscriptionQuery(), retry: false })
          .catch(() => undefined);
        if (user) {
          if (!stopped) setRecord({ state: 'ready', user });
          return;
        }
      }
      if (!stopped) setRecord({ state: 'failed' });
    };
    setRecord({ state: 'waiting' });
    void check();
    return () => {
      stopped = true;
    };
  }, [queryClient, round]);
  const retry = useCallback(() => setRound((n) => n + 1), []);
  return { record, retry };
}
