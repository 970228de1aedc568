import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function OrderScreen() {
  return <ScreenTitle title="New Order" />;
}
