import { describe, expect, test } from 'vitest';
import { appLink, type EmailContent, emailLayout } from '#server/mail/email-layout.ts';

const content: EmailContent = {
  subject: 'Your receipt',
  title: 'Receipt OS-1',
  paragraphs: ['Hi Ann,', 'Thank you.'],
  rows: [
    { label: 'Advanced Yearly', value: '$708.00' },
    { label: 'Coupon', value: '-$70.80' },
    { label: 'Total', value: '$637.20', total: true },
  ],
  action: { text: 'View your account', url: 'https://app.example.com/account' },
  footer: ['Why you get this.'],
};

describe('the e-mail layout', () => {
  test("a button's address: the app's address and the page, one slash between", () => {
    expect(appLink('https://app.example.com', '/account')).toBe('https://app.example.com/account');
    expect(appLink('https://app.example.com//', '/screener')).toBe('https://app.example.com/screener');
  });

  test('the subject as given, both parts saying the same things', () => {
    const mail = emailLayout(content);
    expect(mail.subject).toBe('Your receipt');
    for (const part of [mail.html, mail.text]) {
      for (const piece of ['Receipt OS-1', 'Hi Ann,', 'Thank you.', '$637.20', 'Why you get this.'])
        expect(part).toContain(piece);
    }
    expect(mail.html).toContain('<a href="https://app.example.com/account"');
    expect(mail.text).toContain('View your account: https://app.example.com/account');
  });

  test('the text part lines the amounts up, a rule above the total, the footer after "-- "', () => {
    const { text } = emailLayout(content);
    expect(text).toContain(
      [
        'Advanced Yearly  $708.00',
        'Coupon           -$70.80',
        '------------------------',
        'Total            $637.20',
      ].join('\n'),
    );
    expect(text.endsWith('\n-- \nWhy you get this.\n')).toBe(true);
  });

  test('HTML for mail clients: inline styles, a phone-sized column, no images, scripts or style blocks', () => {
    const { html } = emailLayout(content);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('max-width:560px');
    expect(html).not.toMatch(/<img|<script|<style|<link|url\(/i);
    expect(html).toMatch(/^<!doctype html>/);
  });

  test('text is escaped wherever it goes: a name cannot add markup', () => {
    const evil = '<script>alert(1)</script> & "quotes" \'too\'';
    const { html, text } = emailLayout({
      subject: evil,
      title: evil,
      paragraphs: [evil],
      rows: [{ label: evil, value: evil }],
      action: { text: evil, url: 'https://x.test/?a="><script>' },
      footer: [evil],
    });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;quotes&quot; &#39;too&#39;');
    expect(html).toContain('href="https://x.test/?a=&quot;&gt;&lt;script&gt;"');
    // The text part is plain text: kept as written.
    expect(text).toContain(evil);
  });

  test('no table, no button: neither part has one', () => {
    const { html, text } = emailLayout({ ...content, rows: undefined, action: undefined });
    expect(html).not.toContain('$637.20');
    expect(html).not.toContain('<a ');
    expect(text).not.toContain('https://');
  });

  test('a link that is not http(s) is refused', () => {
    expect(() => emailLayout({ ...content, action: { text: 'Click', url: 'javascript:alert(1)' } })).toThrow(
      /http/,
    );
  });
});
