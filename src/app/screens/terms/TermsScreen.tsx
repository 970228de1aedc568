import { ScreenTitle } from '#app/components/ScreenTitle.tsx';

export function TermsScreen() {
  return <ScreenTitle title="Terms" />;
}
