import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function ThankYouScreen() {
  return <ScreenTitle title="Thank You" />;
}
