import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function CheckoutScreen() {
  return <ScreenTitle title="Checkout" />;
}
