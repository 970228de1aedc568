/**
 * iOS Safari cannot offer to install the app: a notice says how to add it to the Home Screen,
 * until the user dismisses it. Loaded once the first screen shows its content (main.tsx): the
 * hint is for a few users and never needed to draw a screen.
 */
import { notify } from '#app/components/notices.ts';
import { isIosSafari } from './install.ts';

export const IOS_HINT_DISMISSED_KEY = 'optionscout.iosInstallHintDismissed';

export function shouldShowIosHint(nav: Navigator = navigator, storage: Storage = localStorage): boolean {
  const standalone =
    (nav as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia('(display-mode: standalone)').matches;
  return (
    isIosSafari(nav.userAgent, nav.maxTouchPoints, standalone) &&
    storage.getItem(IOS_HINT_DISMISSED_KEY) === null
  );
}

export function dismissIosHint(storage: Storage = localStorage): void {
  storage.setItem(IOS_HINT_DISMISSED_KEY, '1');
}

export const IOS_HINT = 'Install OptionScout: tap Share, then Add to Home Screen.';

/** The iOS hint as a notice at start; 'Don't show again' is remembered on this device. */
export function offerIosInstallHint(show: typeof notify = notify): void {
  if (!shouldShowIosHint()) return;
  show({
    message: IOS_HINT,
    color: 'primary',
    duration: 0,
    action: { label: "Don't show again", run: () => dismissIosHint() },
  });
}
