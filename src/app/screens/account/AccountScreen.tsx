import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function AccountScreen() {
  return <ScreenTitle title="Cancel Subscription" />;
}
