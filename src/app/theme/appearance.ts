/**
 * Appearance mode (spec 1 §3): light, dark, or follow the device. Kept in local settings so
 * the first paint already has the right palette; Ionic's class-based dark palette is switched
 * by the `ion-palette-dark` class on <html>.
 */
export const APPEARANCE_MODES = ['light', 'dark', 'device'] as const;
export type AppearanceMode = (typeof APPEARANCE_MODES)[number];

const KEY = 'appearance';

export function storedAppearance(): AppearanceMode {
  const v = localStorage.getItem(KEY);
  return (APPEARANCE_MODES as readonly string[]).includes(v ?? '') ? (v as AppearanceMode) : 'device';
}

export function isDark(mode: AppearanceMode, prefersDark: boolean): boolean {
  return mode === 'dark' || (mode === 'device' && prefersDark);
}

let stopFollowing: (() => void) | null = null;

export function applyAppearance(mode: AppearanceMode): void {
  localStorage.setItem(KEY, mode);
  stopFollowing?.();
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () =>
    document.documentElement.classList.toggle('ion-palette-dark', isDark(mode, media.matches));
  apply();
  if (mode === 'device') {
    media.addEventListener('change', apply);
    stopFollowing = () => media.removeEventListener('change', apply);
  } else {
    stopFollowing = null;
  }
}
