import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function TermsScreen() {
  return <ScreenTitle title="Terms" />;
}
