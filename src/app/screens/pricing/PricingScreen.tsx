import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function PricingScreen() {
  return <ScreenTitle title="Pricing" />;
}
