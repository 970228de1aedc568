/**
 * The IV vs HV form of the Options tab (spec 1 §3, §5): the option's delta 0–100 in steps of 10
 * (default 50), days to expiry 7–90 (default 30), CALLs and PUTs, only CALLs or only PUTs. The
 * choices are kept for the session (sessionStorage: the tab's life, reloads included), so every
 * analyzed trade opens the chart as the trader left it.
 */
import type { IvRvChoice } from '#app/features/market/keys.ts';

export const IV_HV_STORAGE_KEY = 'optionscout.ivHv';
export const DEFAULT_IV_HV: IvRvChoice = { delta: 50, dte: 30, right: null };
export const IV_HV_DELTAS: readonly number[] = Array.from({ length: 11 }, (_, i) => i * 10);
export const DTE_MIN = 7;
export const DTE_MAX = 90;
export const DTE_MESSAGE = `Days to expiry must be a whole number from ${DTE_MIN} to ${DTE_MAX}.`;
export const IV_HV_RIGHTS: readonly { value: IvRvChoice['right']; label: string }[] = [
  { value: null, label: 'CALLs and PUTs' },
  { value: 'CALL', label: 'Only CALLs' },
  { value: 'PUT', label: 'Only PUTs' },
];

const isDelta = (v: unknown): v is number => typeof v === 'number' && IV_HV_DELTAS.includes(v);
const isDte = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= DTE_MIN && v <= DTE_MAX;

/** Days to expiry as typed: the number, or null when it is not a whole number 7–90. */
export function parseDte(text: string): number | null {
  const t = text.trim();
  if (!/^\d+$/.test(t)) return null;
  const n = Number(t);
  return isDte(n) ? n : null;
}

/** The session's choices; the defaults for anything missing or unreadable. */
export function storedIvHvChoice(storage: Storage | undefined = globalThis.sessionStorage): IvRvChoice {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(IV_HV_STORAGE_KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return DEFAULT_IV_HV;
    const r = raw as Partial<Record<keyof IvRvChoice, unknown>>;
    return {
      delta: isDelta(r.delta) ? r.delta : DEFAULT_IV_HV.delta,
      dte: isDte(r.dte) ? r.dte : DEFAULT_IV_HV.dte,
      right: r.right === 'CALL' || r.right === 'PUT' ? r.right : null,
    };
  } catch {
    // A storage that refuses access, or text that is not JSON: the defaults.
    return DEFAULT_IV_HV;
  }
}

export function storeIvHvChoice(
  choice: IvRvChoice,
  storage: Storage | undefined = globalThis.sessionStorage,
): void {
  try {
    storage?.setItem(IV_HV_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Not kept beyond this panel then; the chart still follows the choice.
  }
}
