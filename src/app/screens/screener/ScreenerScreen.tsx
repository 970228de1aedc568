import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function ScreenerScreen() {
  return <ScreenTitle title="All Scans" />;
}
