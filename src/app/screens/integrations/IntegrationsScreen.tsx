import { getRouteApi } from '@tanstack/react-router';
import { ScreenTitle } from '#app/components/ScreenTitle.tsx';
import type { IntegrationsParams } from '#app/route-params.ts';

const integrationsRoute = getRouteApi('/integrations/$view');

export function IntegrationsScreen() {
  const { view }: IntegrationsParams = integrationsRoute.useParams();
  return <ScreenTitle title={view === 'sheets' ? 'Google Sheets Integration' : 'Excel Integration'} />;
}
