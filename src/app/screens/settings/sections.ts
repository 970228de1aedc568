/** Settings sections (spec 3 §2), in menu order, with their titles. */
export const SETTINGS_SECTIONS = {
  universes: 'Universes',
  tradeAccounts: 'Trading Accounts',
  reports: 'Reports',
  appearance: 'Appearance',
} as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export const isSettingsSection = (s: string): s is SettingsSection => Object.hasOwn(SETTINGS_SECTIONS, s);
