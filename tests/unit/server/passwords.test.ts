import { describe, expect, test } from 'vitest';
import { hashPassword, verifyPassword } from '#server/auth/passwords.ts';

describe('scrypt password hashes', () => {
  test('verify the right password only; each hash has its own salt', async () => {
    const a = await hashPassword('correct horse');
    const b = await hashPassword('correct horse');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^scrypt\$65536\$8\$1\$/);
    await expect(verifyPassword('correct horse', a)).resolves.toBe(true);
    await expect(verifyPassword('correct horse', b)).resolves.toBe(true);
    await expect(verifyPassword('correct hors', a)).resolves.toBe(false);
    await expect(verifyPassword('Correct horse', a)).resolves.toBe(false);
  });

  test('unicode passwords are compared in one normal form (é typed two ways)', async () => {
    const hash = await hashPassword('caf\u00e9 au lait');
    await expect(verifyPassword('cafe\u0301 au lait', hash)).resolves.toBe(true);
  });

  test('a malformed stored hash never verifies', async () => {
    for (const stored of [
      '',
      'plain',
      'bcrypt$x$y',
      'scrypt$1024$8$1$$',
      'scrypt$abc$8$1$c2FsdA$aGFzaA',
      'scrypt$3$8$1$c2FsdA$aGFzaA',
    ]) {
      await expect(verifyPassword('x', stored)).resolves.toBe(false);
    }
  });
});
