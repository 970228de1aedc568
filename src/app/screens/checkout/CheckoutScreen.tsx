import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function CheckoutScreen() {
  return <ScreenTitle title="Checkout" />;
}
