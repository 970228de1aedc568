/** The shell's menus (spec 1 §2): what each entry is called and where it goes. */
export interface NavItem {
  readonly label: string;
  readonly to: string;
  /** Stays highlighted for every path under this prefix. */
  readonly match: string;
}

export const PRIMARY_MENU: readonly NavItem[] = [
  { label: 'Screener', to: '/screener', match: '/screener' },
  { label: 'Analyzer', to: '/analyzer', match: '/analyzer' },
  { label: 'Trades', to: '/trades', match: '/trades' },
  { label: 'Excel/Sheets integration', to: '/integrations/excel', match: '/integrations' },
];

export const SUPPORT_EMAIL = 'support@optionscout.app';

/** External entries open outside the app; `signOut` is handled by the shell. */
export type SecondaryItem =
  | { readonly label: string; readonly kind: 'route'; readonly to: string }
  | { readonly label: string; readonly kind: 'external'; readonly href: string }
  | { readonly label: string; readonly kind: 'signOut' };

export const SECONDARY_MENU: readonly SecondaryItem[] = [
  { label: 'Support chat', kind: 'external', href: `mailto:${SUPPORT_EMAIL}?subject=Support` },
  { label: 'Help', kind: 'external', href: 'https://optionscout.app/help' },
  { label: 'Blog', kind: 'external', href: 'https://optionscout.app/blog' },
  { label: 'Pricing', kind: 'route', to: '/pricing' },
  { label: 'Settings', kind: 'route', to: '/settings' },
  { label: 'Sign Out', kind: 'signOut' },
];

export const TABS = [
  { tab: 'screener', label: 'Screener', to: '/screener' },
  { tab: 'analyzer', label: 'Analyzer', to: '/analyzer' },
  { tab: 'trades', label: 'Trades', to: '/trades' },
  { tab: 'settings', label: 'Settings', to: '/settings' },
] as const;

/**
 * The primary menu's entries the tab bar has no tab for (Excel/Sheets integration): on a phone
 * the primary menu is hidden, so the ⋮ menu lists them first, or they could not be reached.
 */
export const PHONE_MENU_EXTRAS: readonly NavItem[] = PRIMARY_MENU.filter(
  (item) => !TABS.some((t) => t.to === item.to),
);

/**
 * Which chrome a path gets: the full shell, a reduced one (no primary menu or tab bar) for the
 * subscription pages and the terms, or none. Ended users reach only the subscription pages and
 * the terms, and signed-out visitors the terms: menus there would only lead elsewhere.
 */
export type Chrome = 'full' | 'subscription' | 'bare';

export function chromeFor(pathname: string): Chrome {
  if (/^\/(signin|signup|auth|verified)(\/|$)/.test(pathname)) return 'bare';
  if (/^\/(pricing|checkout|thankyou|account|terms)(\/|$)/.test(pathname)) return 'subscription';
  return 'full';
}

export const isActive = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(`${prefix}/`);
