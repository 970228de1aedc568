import { getRouteApi, Link } from '@tanstack/react-router';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import type { SettingsParams } from '#app/route-params.ts';
// The settings layout's rules (side menu, sections) live with the trade log's shared styles.
import '../trades/trades.css';
import { AccountSection } from './AccountSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { ReportsSection } from './ReportsSection.tsx';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections.ts';
import { TradeAccountsSection } from './TradeAccountsSection.tsx';
import { UniversesSection } from './UniversesSection.tsx';

const settingsRoute = getRouteApi('/settings/$section');

export function SettingsScreen() {
  // The route answers not found for anything but a section, so null never reaches here.
  const params: SettingsParams = settingsRoute.useParams();
  const section = params.section ?? 'universes';
  return (
    <>
      <ScreenTitle title={`${SETTINGS_SECTIONS[section]} | Settings`} />
      <div className="settings-layout">
        {/* Side menu; a horizontal strip on phones. */}
        <nav className="settings-menu" aria-label="Settings sections">
          {(Object.keys(SETTINGS_SECTIONS) as SettingsSection[]).map((key) => (
            <Link
              key={key}
              to="/settings/$section"
              params={{ section: key }}
              className={key === section ? 'active' : undefined}
            >
              {SETTINGS_SECTIONS[key]}
            </Link>
          ))}
        </nav>
        <div className="settings-content">
          {section === 'universes' && <UniversesSection />}
          {section === 'tradeAccounts' && <TradeAccountsSection />}
          {section === 'reports' && <ReportsSection />}
          {section === 'appearance' && <AppearanceSection />}
          {section === 'account' && <AccountSection />}
        </div>
      </div>
    </>
  );
}
