/** Settings sections (spec 3 §2, and Account for deleting it: docs/SECURITY.md), in menu order. */
export const SETTINGS_SECTIONS = {
  universes: 'Universes',
  tradeAccounts: 'Trading Accounts',
  reports: 'Reports',
  appearance: 'Appearance',
  account: 'Account',
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export const isSettingsSection = (s: string): s is SettingsSection => Object.hasOwn(SETTINGS_SECTIONS, s);
