/**
 * The data behind refusing an e-mail address at sign-up: throw-away (disposable) mail
 * services and the common mistypings of the big providers. Data only; the rule that uses it
 * is in `email-address.ts`.
 */
import mailchecker from 'mailchecker';

/**
 * Disposable / temporary mail services (sub-domains of these are refused too): the
 * maintained `mailchecker` list, tens of thousands of domains, updated with the package.
 */
export const DISPOSABLE_DOMAINS: ReadonlySet<string> = mailchecker.blacklist();

/** Big providers whose near-misses are almost always typos. */
export const COMMON_PROVIDERS: readonly string[] = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'protonmail.com',
  'live.com',
  'aol.com',
  'msn.com',
  'comcast.net',
];

/**
 * Real domains one edit away from a common provider: never refused as typos
 * (mail.com is gmail.com without the g, ymail.com is Yahoo's, me.com is Apple's).
 */
export const KNOWN_GOOD_DOMAINS: ReadonlySet<string> = new Set([
  'mail.com',
  'email.com',
  'ymail.com',
  'gmx.com',
  'gmx.net',
  'me.com',
  'mac.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'outlook.de',
  'outlook.fr',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'yahoo.ca',
  'live.co.uk',
  'live.ca',
  'live.de',
  'live.fr',
  'aim.com',
  'cloud.com',
]);

/** Typos too far (or too short) for the one-edit rule, with the domain meant. */
export const KNOWN_TYPOS: Readonly<Record<string, string>> = {
  'gamil.com': 'gmail.com',
  'gmaill.com': 'gmail.com',
  'gnail.com': 'gmail.com',
  'gmail.co': 'gmail.com',
  'gmail.cm': 'gmail.com',
  'gmail.om': 'gmail.com',
  'gmai.com': 'gmail.com',
  'hotmal.com': 'hotmail.com',
  'hotmai.com': 'hotmail.com',
  'hotmial.com': 'hotmail.com',
  'homail.com': 'hotmail.com',
  'hotnail.com': 'hotmail.com',
  'yaho.com': 'yahoo.com',
  'yahooo.com': 'yahoo.com',
  'yhoo.com': 'yahoo.com',
  'outlok.com': 'outlook.com',
  'outloo.com': 'outlook.com',
  'icoud.com': 'icloud.com',
  'iclod.com': 'icloud.com',
  'aol.co': 'aol.com',
  'aoll.com': 'aol.com',
};
