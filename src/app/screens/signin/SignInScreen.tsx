import { ScreenTitle } from '../../components/ScreenTitle.tsx';

export function SignInScreen() {
  return <ScreenTitle title="Sign In" />;
}
