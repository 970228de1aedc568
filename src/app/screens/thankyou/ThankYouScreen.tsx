import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function ThankYouScreen() {
  return <ScreenTitle title="Thank You" />;
}
