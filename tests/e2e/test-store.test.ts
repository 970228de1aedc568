/**
 * The embedded test store's checkout in Chromium, as the app shows it: inside a same-origin
 * frame on a 375px phone, under helmet's Content-Security-Policy (`script-src 'self'`). A paid
 * card tells the framing page 'thankyou'; a declined one says so inside the frame.
 */
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, openPage, PHONE, screenshot } from '../support/browser.ts';
import { startTestStoreServer, type TestStoreServer } from '../support/test-store-server.ts';

declare global {
  interface Window {
    /** Exposed by the test: every message the framing page receives. */
    reportMessage(data: unknown, origin: string): void;
  }
}

const GUID = '3f1c6a52-5d0e-4b8e-9a57-6c1f0f1e2a3b';
let server: TestStoreServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestStoreServer({
    frame: {
      productCode: 'OS-ADV-Y',
      planId: 112,
      firstName: 'Ann',
      lastName: 'Lee',
      email: 'ann@example.com',
      userGuid: GUID,
      testMode: true,
      coupon: 'SPRING',
    },
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The host page with the store framed, and the messages it receives (nothing delivered yet). */
async function openCheckout(): Promise<{
  page: Page;
  frame: FrameLocator;
  messages: unknown[];
  close(): Promise<void>;
}> {
  server.deliveries.length = 0;
  const { context, page } = await openPage(browser, server.url, PHONE);
  const messages: unknown[] = [];
  const origins: string[] = [];
  await page.exposeFunction('reportMessage', (data: unknown, origin: string) => {
    messages.push(data);
    origins.push(origin);
  });
  await page.goto('/host');
  await page.evaluate(() =>
    window.addEventListener('message', (e) => window.reportMessage(e.data, e.origin)),
  );
  const frame = page.frameLocator('iframe[title="Payment"]');
  await frame.getByRole('heading', { name: 'Advanced Yearly' }).waitFor();
  return {
    page,
    frame,
    messages,
    close: async () => {
      expect(origins.every((o) => o === server.url)).toBe(true);
      await context.close();
    },
  };
}

async function payWith(frame: FrameLocator, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiry (MM/YY)').pressSequentially('1227');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByRole('button', { name: 'Pay $608.00' }).click();
}

describe('the test store in a 375px checkout frame', () => {
  test('readable, touch-sized inputs with a numeric keypad; 4242 pays and the framing page hears "thankyou"', async () => {
    const { page, frame, messages, close } = await openCheckout();
    await expect(frame.getByText('TEST MODE — no real money moves').isVisible()).resolves.toBe(true);
    await expect(frame.getByText('$708.00', { exact: true }).isVisible()).resolves.toBe(true);
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC', 'Name on card']) {
      const box = await frame.getByLabel(label).boundingBox();
      expect(box?.height, label).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(PHONE.width);
    }
    for (const label of ['Card number', 'Expiry (MM/YY)', 'CVC'])
      await expect(frame.getByLabel(label).getAttribute('inputmode')).resolves.toBe('numeric');
    // Nothing wider than the phone: no sideways scrolling inside the frame.
    const frameWidth = await frame.locator('body').evaluate((b) => [b.scrollWidth, b.clientWidth]);
    expect(frameWidth[0]).toBeLessThanOrEqual(frameWidth[1] ?? 0);
    await expect(frame.getByLabel('Name on card').inputValue()).resolves.toBe('Ann Lee');
    await screenshot(page, 'test-store-checkout-phone');

    // Tapping a listed test card fills its number.
    await frame.getByRole('button', { name: /4242 4242 4242 4242/ }).click();
    await expect(frame.getByLabel('Card number').inputValue()).resolves.toBe('4242 4242 4242 4242');
    await frame.getByLabel('Expiry (MM/YY)').pressSequentially('1227');
    await expect(frame.getByLabel('Expiry (MM/YY)').inputValue()).resolves.toBe('12/27');
    await frame.getByLabel('CVC').fill('123');
    expect(messages).toEqual([]);
    await frame.getByRole('button', { name: 'Pay $608.00' }).click();
    await frame.getByRole('heading', { name: 'Payment received' }).waitFor();
    await expect.poll(() => messages).toEqual(['thankyou']);
    expect(server.deliveries).toHaveLength(1);
    await screenshot(page, 'test-store-paid-phone');
    await close();
  });

  test('a declined card says so inside the frame, and nothing is posted or delivered', async () => {
    const { page, frame, messages, close } = await openCheckout();
    await payWith(frame, '4000 0000 0000 0002');
    await frame.getByRole('alert').getByText('Your card was declined.').waitFor();
    await expect(frame.getByRole('button', { name: 'Pay $608.00' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'test-store-declined-phone');
    expect(messages).toEqual([]);
    expect(server.deliveries).toEqual([]);
    await close();
  });

  test('the confirmation card asks first; Complete pays', async () => {
    const { page, frame, messages, close } = await openCheckout();
    await payWith(frame, '4000 0027 6000 3184');
    await frame.getByRole('heading', { name: 'Confirm this payment' }).waitFor();
    await screenshot(page, 'test-store-confirm-phone');
    expect(server.deliveries).toEqual([]);
    await frame.getByRole('button', { name: 'Complete' }).click();
    await frame.getByRole('heading', { name: 'Payment received' }).waitFor();
    await expect.poll(() => messages).toEqual(['thankyou']);
    expect(server.deliveries).toHaveLength(1);
    await close();
  });
});
