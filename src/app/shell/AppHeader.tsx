import { Link, useRouterState } from '@tanstack/react-router';
import { ellipsisVertical } from 'ionicons/icons';
import { useState } from 'react';
import {
  IonButton,
  IonHeader,
  IonIcon,
  IonItem,
  IonList,
  IonPopover,
  IonToolbar,
} from '#app/components/IonElements.tsx';
import {
  type Chrome,
  isActive,
  PHONE_MENU_EXTRAS,
  PRIMARY_MENU,
  SECONDARY_MENU,
  type SecondaryItem,
} from './navigation.ts';

function SecondaryEntry({ item, onSignOut }: { item: SecondaryItem; onSignOut: () => void }) {
  if (item.kind === 'route') return <Link to={item.to}>{item.label}</Link>;
  if (item.kind === 'external')
    return (
      <a href={item.href} target="_blank" rel="noreferrer">
        {item.label}
      </a>
    );
  return (
    <button type="button" className="link-button" onClick={onSignOut}>
      {item.label}
    </button>
  );
}

/**
 * Header: logo → /, the primary menu, a slot for the trial countdown, and the secondary
 * menu, which collapses into a dropdown at 768px or less (CSS decides which one shows). The
 * dropdown also carries the primary entries the phone's tab bar has no tab for.
 */
export function AppHeader({
  chrome,
  notice,
  onSignOut,
}: {
  chrome: Chrome;
  notice?: React.ReactNode;
  onSignOut: () => void;
}) {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const [menuEvent, setMenuEvent] = useState<Event | undefined>();
  return (
    <IonHeader className="app-header">
      <IonToolbar>
        <nav className="header-bar" aria-label="Main">
          <Link to="/" className="logo" aria-label="OptionScout home">
            <img src="/favicon.svg" alt="" width={28} height={28} />
            <span>OptionScout</span>
          </Link>
          {chrome === 'full' && (
            <ul className="primary-menu">
              {PRIMARY_MENU.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={isActive(pathname, item.match) ? 'active' : undefined}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="header-notice">{notice}</div>
          <ul className="secondary-menu">
            {SECONDARY_MENU.map((item) => (
              <li key={item.label}>
                <SecondaryEntry item={item} onSignOut={onSignOut} />
              </li>
            ))}
          </ul>
          <IonButton
            className="secondary-toggle"
            fill="clear"
            aria-label="More"
            onClick={(e) => setMenuEvent(e.nativeEvent)}
          >
            <IonIcon slot="icon-only" icon={ellipsisVertical} aria-hidden="true" />
          </IonButton>
          <IonPopover
            isOpen={menuEvent !== undefined}
            event={menuEvent}
            onDidDismiss={() => setMenuEvent(undefined)}
            dismissOnSelect
            className="secondary-popover"
          >
            <IonList>
              {chrome === 'full' &&
                PHONE_MENU_EXTRAS.map((item) => (
                  <IonItem key={item.to} lines="none">
                    <Link to={item.to}>{item.label}</Link>
                  </IonItem>
                ))}
              {SECONDARY_MENU.map((item) => (
                <IonItem key={item.label} lines="none">
                  <SecondaryEntry item={item} onSignOut={onSignOut} />
                </IonItem>
              ))}
            </IonList>
          </IonPopover>
        </nav>
      </IonToolbar>
    </IonHeader>
  );
}
