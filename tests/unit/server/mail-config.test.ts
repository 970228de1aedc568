import { describe, expect, test } from 'vitest';
import { loadConfig } from '#server/config.ts';

describe('e-mail settings', () => {
  test('by default: the outbox, and addresses at PUBLIC_URL’s host', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://options.example.com' });
    expect(config.smtpUrl).toBeNull();
    expect(config.mailFrom).toBe('"OptionScout" <no-reply@options.example.com>');
    expect(config.supportEmail).toBe('support@options.example.com');
  });

  test.each([
    ['no PUBLIC_URL', {}],
    ['an IPv4 address', { PUBLIC_URL: 'http://192.168.1.20:8080' }],
    ['an IPv6 address', { PUBLIC_URL: 'http://[::1]:8080' }],
  ])('%s: addresses at localhost', (_what, env) => {
    const config = loadConfig(env);
    expect(config.mailFrom).toBe('"OptionScout" <no-reply@localhost>');
    expect(config.supportEmail).toBe('support@localhost');
  });

  test('SMTP_URL, MAIL_FROM and SUPPORT_EMAIL as given', () => {
    const config = loadConfig({
      SMTP_URL: ' smtps://app:pw@mail.example.com:465 ',
      MAIL_FROM: 'Desk <desk@example.com>',
      SUPPORT_EMAIL: 'help@example.com',
    });
    expect(config.smtpUrl).toBe('smtps://app:pw@mail.example.com:465');
    expect(config.mailFrom).toBe('Desk <desk@example.com>');
    expect(config.supportEmail).toBe('help@example.com');
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example.com:587' }).smtpUrl).toBe(
      'smtp://mail.example.com:587',
    );
  });

  test.each(['http://user:hunter2@mail.example.com', 'mail.example.com:587', 'smtp//user:hunter2@host'])(
    'SMTP_URL %s is refused at start, without repeating its password',
    (url) => {
      expect(() => loadConfig({ SMTP_URL: url })).toThrow(/SMTP_URL must be smtp:\/\//);
      expect(() => loadConfig({ SMTP_URL: url })).not.toThrow(/hunter2/);
    },
  );
});
