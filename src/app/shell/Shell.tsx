import { IonApp, IonContent, IonFooter, IonPage } from '@ionic/react';
import { Outlet, useRouterState } from '@tanstack/react-router';
import { storeToken } from '../auth/token.ts';
import { NoticeHost } from '../components/NoticeHost.tsx';
import { AppHeader } from './AppHeader.tsx';
import { chromeFor } from './navigation.ts';
import { TabBar } from './TabBar.tsx';

export function Shell() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const chrome = chromeFor(pathname);
  const signOut = () => {
    storeToken(null);
    window.location.assign('/signin');
  };
  return (
    <IonApp>
      <IonPage>
        {chrome !== 'bare' && <AppHeader chrome={chrome} onSignOut={signOut} />}
        <IonContent>
          <main className="screen">
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
