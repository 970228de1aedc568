import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function AuthScreen() {
  return <ScreenTitle title="Signing In" />;
}
