/**
 * Appearance mode (spec 3 §2 Settings → Appearance): light, dark, or follow the device. Kept in
 * local storage so the first paint already has the right palette (public/appearance.js reads
 * the same key before the app loads), and in the account settings so it follows the user to
 * another device. Ionic's class-based dark palette is switched by `ion-palette-dark` on <html>.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import { afterFirstContent } from '#app/api/first-content.ts';
import { accountKeys } from '#app/features/account/keys.ts';

export const APPEARANCE_MODES = ['light', 'dark', 'device'] as const;
export type AppearanceMode = (typeof APPEARANCE_MODES)[number];

export const APPEARANCE_KEY = 'appearance';

export const isAppearanceMode = (v: unknown): v is AppearanceMode =>
  (APPEARANCE_MODES as readonly unknown[]).includes(v);

/** The mode chosen on this device, or null when none was (then the account's is adopted). */
export function storedAppearance(): AppearanceMode | null {
  const v = localStorage.getItem(APPEARANCE_KEY);
  return isAppearanceMode(v) ? v : null;
}

export function isDark(mode: AppearanceMode, prefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'device' && prefersDark);
}

let stopFollowing: (() => void) | null = null;

/** Paints the mode now and, for Device, follows the device's changes until another mode is applied. */
export function applyAppearance(mode: AppearanceMode): void {
  stopFollowing?.();
  stopFollowing = null;
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () =>
    document.documentElement.classList.toggle('ion-palette-dark', isDark(mode, media.matches));
  apply();
  if (mode === 'device') {
    media.addEventListener('change', apply);
    stopFollowing = () => media.removeEventListener('change', apply);
  }
}

/** The mode the user picked on this device: remembered here and painted at once. */
export function chooseAppearance(mode: AppearanceMode): void {
  localStorage.setItem(APPEARANCE_KEY, mode);
  applyAppearance(mode);
}

/**
 * At start: the stored mode (or the device's), and, on a device that has none stored, the
 * account's once the user is known to be signed in (the shell's subscription read succeeds) and
 * the first screen shows its content (its settings read and code wait for that).
 */
export function startAppearance(queryClient: QueryClient): void {
  const stored = storedAppearance();
  applyAppearance(stored ?? 'device');
  if (stored !== null) return;
  const subscription = hashKey(accountKeys.subscription());
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== subscription)
      return;
    unsubscribe();
    void afterFirstContent()
      .then(() => import('./account-appearance.ts'))
      .then((m) => m.adoptAccountAppearance(queryClient));
  });
}
