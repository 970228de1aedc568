import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { afterFirstContent, firstContentShown } from '#app/api/first-content.ts';
import { IonApp, IonContent, IonFooter, IonPage } from '#app/components/IonElements.tsx';
import { loadable, useLoadable } from '#app/components/OnDemand.tsx';
import { trialCountdownText } from '#domain/plans/subscription-status.ts';
import { signOut } from '../auth/sign-out.ts';
import { NoticeHost } from '../components/NoticeHost.tsx';
import { AppHeader } from './AppHeader.tsx';
import { chromeFor } from './navigation.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { TabBar } from './TabBar.tsx';
import { useSubscriptionRules } from './useSubscriptionRules.ts';

const shellMessages = loadable(() => import('./ShellMessages.tsx').then((m) => m.ShellMessages));

/** False until the first screen shows its content; true from then on. */
function useFirstContentShown(): boolean {
  const [shown, setShown] = useState(firstContentShown);
  useEffect(() => {
    if (!shown) void afterFirstContent().then(() => setShown(true));
  }, [shown]);
  return shown;
}

export function Shell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const chrome = chromeFor(pathname);
  const queryClient = useQueryClient();
  const subscription = useSubscriptionRules(chrome !== 'bare');
  const ShellMessages = useLoadable(shellMessages, useFirstContentShown());
  // Trial users see the countdown in the header (spec 1 §6).
  const notice =
    subscription?.status === 0 ? (
      <span className="trial-notice">{trialCountdownText(subscription.goodUntilDays)}</span>
    ) : undefined;
  return (
    <IonApp>
      <IonPage>
        {chrome !== 'bare' && (
          <AppHeader chrome={chrome} notice={notice} onSignOut={() => void signOut(queryClient)} />
        )}
        <IonContent>
          <main className="screen">
            {chrome !== 'bare' && <OfflineBanner />}
            {chrome !== 'bare' && ShellMessages && <ShellMessages />}
            <Outlet />
          </main>
        </IonContent>
        {chrome === 'full' && (
          <IonFooter className="app-footer">
            <TabBar />
          </IonFooter>
        )}
      </IonPage>
      <NoticeHost />
    </IonApp>
  );
}
