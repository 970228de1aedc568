/**
 * Which e-mail addresses can open an account: well-formed, not a throw-away mail service,
 * not an obvious typo of a big provider (gmial.com, hotmial.com, yaho.com, gmail.con).
 * A typo is a listed one, or a domain one edit (insert, delete, replace, swap two neighbours)
 * away from a big provider that is not itself a real domain.
 */
import { COMMON_PROVIDERS, DISPOSABLE_DOMAINS, KNOWN_GOOD_DOMAINS, KNOWN_TYPOS } from './email-domains.ts';

export type EmailProblem =
  | { readonly kind: 'invalid' }
  | { readonly kind: 'disposable' }
  | { readonly kind: 'typo'; readonly suggestion: string };

/** RFC 5321 caps a path at 256 characters including the angle brackets. */
export const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

const SHAPE = /^[^\s@"(),:;<>[\\\]]+@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/;

/** Providers with short names (aol, msn, live) get only the listed typos: one edit is too loose. */
const EDIT_CHECKED = COMMON_PROVIDERS.filter((d) => (d.split('.')[0] ?? '').length >= 5);

/** Optimal string alignment distance, capped: returns 2 for anything two or more edits apart. */
function cappedEditDistance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 1) return 2;
  const prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        d = Math.min(d, (prev2[j - 2] ?? 0) + 1);
      }
      row.push(d);
    }
    prev2.splice(0, prev2.length, ...prev);
    prev = row;
  }
  return Math.min(prev[b.length] ?? 2, 2);
}

function isDisposable(domain: string): boolean {
  const labels = domain.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (DISPOSABLE_DOMAINS.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

function typoOf(domain: string): string | null {
  const listed = KNOWN_TYPOS[domain];
  if (listed) return listed;
  if (KNOWN_GOOD_DOMAINS.has(domain) || COMMON_PROVIDERS.includes(domain)) return null;
  return EDIT_CHECKED.find((provider) => cappedEditDistance(domain, provider) === 1) ?? null;
}

/** What is wrong with an (already normalized) address, or null when it can be used. */
export function emailProblem(email: string): EmailProblem | null {
  if (email.length > MAX_EMAIL_LENGTH || !SHAPE.test(email)) return { kind: 'invalid' };
  const domain = email.slice(email.lastIndexOf('@') + 1);
  // Typos first: the disposable list also holds squatted misspellings of big providers
  // (gmial.com …), and "Did you mean gmail.com?" helps more than "disposable".
  const suggestion = typoOf(domain);
  if (suggestion) return { kind: 'typo', suggestion };
  return isDisposable(domain) ? { kind: 'disposable' } : null;
}
