import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function PricingScreen() {
  return <ScreenTitle title="Pricing" />;
}
