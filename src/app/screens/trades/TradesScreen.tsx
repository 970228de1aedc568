import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function TradesScreen() {
  return <ScreenTitle title="Trades" />;
}
