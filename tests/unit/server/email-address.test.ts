import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { emailProblem, normalizeEmail } from '#server/auth/email-address.ts';
import {
  COMMON_PROVIDERS,
  DISPOSABLE_DOMAINS,
  KNOWN_GOOD_DOMAINS,
  KNOWN_TYPOS,
} from '#server/auth/email-domains.ts';

describe('which addresses can open an account', () => {
  test.each([
    'ada@gmail.com',
    'ada.lovelace+options@outlook.com',
    'x@mail.com',
    'x@ymail.com',
    'x@email.com',
    'x@me.com',
    'trader@hotmail.co.uk',
    'desk@firm.co.jp',
    'a@sub.domain.example',
  ])('%s is fine', (email) => expect(emailProblem(email)).toBeNull());

  test.each([
    '',
    'ada',
    'ada@',
    '@gmail.com',
    'ada@gmail',
    'a b@gmail.com',
    'ada@@gmail.com',
    'ada@-x.com',
    `${'a'.repeat(250)}@x.com`,
  ])('%j is not an address', (email) => expect(emailProblem(email)).toEqual({ kind: 'invalid' }));

  test.each([
    'a@mailinator.com',
    'a@yopmail.com',
    'a@guerrillamail.com',
    'a@temp-mail.org',
    'a@eu.mailinator.com',
  ])('%s is disposable (sub-domains too)', (email) =>
    expect(emailProblem(email)).toEqual({ kind: 'disposable' }),
  );

  test.each([
    ['a@gmial.com', 'gmail.com'],
    ['a@gmail.con', 'gmail.com'],
    ['a@gmai.com', 'gmail.com'],
    ['a@hotmial.com', 'hotmail.com'],
    ['a@hotmail.co', 'hotmail.com'],
    ['a@yaho.com', 'yahoo.com'],
    ['a@yahooo.com', 'yahoo.com'],
    ['a@outlok.com', 'outlook.com'],
    ['a@iclod.com', 'icloud.com'],
    ['a@aol.co', 'aol.com'],
  ])('%s is a typo of %s', (email, suggestion) =>
    expect(emailProblem(email)).toEqual({ kind: 'typo', suggestion }),
  );

  test('the data is consistent: no good domain is listed as disposable or a typo, no typo points nowhere', () => {
    for (const d of [...KNOWN_GOOD_DOMAINS, ...COMMON_PROVIDERS]) {
      expect(DISPOSABLE_DOMAINS.has(d), d).toBe(false);
      expect(emailProblem(`a@${d}`), d).toBeNull();
    }
    for (const [typo, meant] of Object.entries(KNOWN_TYPOS)) {
      expect(COMMON_PROVIDERS, typo).toContain(meant);
      expect(emailProblem(`a@${typo}`)).toEqual({ kind: 'typo', suggestion: meant });
    }
  });

  test('any single swap of neighbouring letters in gmail.com is caught', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3 }), (i) => {
        const name = 'gmail';
        const swapped = name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
        expect(emailProblem(`x@${swapped}.com`)).toEqual({ kind: 'typo', suggestion: 'gmail.com' });
      }),
    );
  });

  test('normalizing trims and lower-cases', () => {
    expect(normalizeEmail('  Ada@Example.COM ')).toBe('ada@example.com');
  });
});
