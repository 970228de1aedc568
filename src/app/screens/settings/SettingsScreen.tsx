import { useParams } from '@tanstack/react-router';
import { ScreenTitle } from '../../components/ScreenTitle.tsx';
import { SETTINGS_SECTIONS, type SettingsSection } from './sections.ts';

export function SettingsScreen() {
  const { section } = useParams({ strict: false }) as { section: SettingsSection };
  return <ScreenTitle title={`${SETTINGS_SECTIONS[section]} | Settings`} />;
}
