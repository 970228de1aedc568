import { useQueryClient } from '@tanstack/react-query';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { IonApp, IonContent, IonFooter, IonPage } from '#app/components/IonElements.tsx';
import { loadable, useFirstContentShown, useLoadable } from '#app/components/OnDemand.tsx';
import { trialCountdownText } from '#domain/plans/subscription-status.ts';
import { signOut } from '../auth/sign-out.ts';
import { NoticeHost } from '../components/NoticeHost.tsx';
import { AppHeader } from './AppHeader.tsx';
import { chromeFor } from './navigation.ts';
import { OfflineBanner } from './OfflineBanner.tsx';
import { TabBar } from './TabBar.tsx';
import { useSubscriptionRules } from './useSubscriptionRules.ts';

const shellMessages = loadable(() => import('./ShellMessages.tsx').then((m) => m.ShellMessages));

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
