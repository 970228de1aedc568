import { useParams } from '@tanstack/react-router';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function IntegrationsScreen() {
  const { view } = useParams({ strict: false }) as { view?: string };
  return <ScreenTitle title={view === 'sheets' ? 'Google Sheets Integration' : 'Excel Integration'} />;
}
