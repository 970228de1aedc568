import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function AccountScreen() {
  return <ScreenTitle title="Cancel Subscription" />;
}
