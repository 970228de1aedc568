import { useNavigate, useRouterState } from '@tanstack/react-router';
import { analytics, list, search, settings } from 'ionicons/icons';
import { IonIcon, IonLabel, IonTabBar, IonTabButton } from '#app/components/IonElements.tsx';
import { TABS } from './navigation.ts';

const ICONS = { screener: search, analyzer: analytics, trades: list, settings } as const;

/**
 * The phone tab bar. Ionic's IonTabBar normally takes the selected tab from an Ionic router;
 * here TanStack Router owns navigation, so the current path is passed as `routeInfo` (not in
 * the public props) and each button navigates itself.
 */
export function TabBar() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useNavigate();
  return (
    <IonTabBar className="app-tab-bar" slot="bottom" {...({ routeInfo: { pathname } } as object)}>
      {TABS.map((t) => (
        <IonTabButton key={t.tab} tab={t.tab} href={t.to} onClick={() => navigate({ to: t.to })}>
          <IonIcon icon={ICONS[t.tab]} aria-hidden="true" />
          <IonLabel>{t.label}</IonLabel>
        </IonTabButton>
      ))}
    </IonTabBar>
  );
}
