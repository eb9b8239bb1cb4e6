import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startPushEndpoint,
  type BrowserPushSubscription,
  type PushEndpoint,
  type PushMessage,
} from '../../server/test/push-endpoint.ts';
import { registerAndSignIn, uniqueEmail } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { linkIn, mailTo } from './support/outbox.ts';
import { ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();
const outbox = path.join(inject('dataDir'), 'outbox');

/** A vehicle QR; its number plate is the name alerts give it. */
const vehicle = (numberPlate: string) => ({
  type: 'VEHICLE',
  details: {
    numberPlate,
    modelDescription: 'Red Swift',
    ownerContact: { name: 'Arjun Rao', phoneNumber: '9000011111' },
    emergencyContact: { name: 'Leela Rao', phoneNumber: '9000022222' },
  },
});

// The local Web Push service the server sends this file's pushes to (over HTTPS, with the
// certificate the global setup made the server trust).
let push: PushEndpoint;
beforeAll(async () => {
  const config = (await (await fetch(`${baseUrl}/api/config`)).json()) as {
    vapidPublicKey: string;
  };
  push = await startPushEndpoint({
    vapidPublicKey: config.vapidPublicKey,
    cert: readFileSync(inject('pushCertFile'), 'utf8'),
    key: readFileSync(inject('pushKeyFile'), 'utf8'),
  });
});
afterAll(async () => {
  await push?.close();
});

/**
 * Headless Chromium has no push service: before any page script runs, the Push API answers with
 * `subscription` (minted by the local push service), and notifications are allowed when asked.
 * The service worker itself is real.
 */
async function stubPushService(context: BrowserContext, subscription: BrowserPushSubscription) {
  await context.addInitScript((json: BrowserPushSubscription) => {
    let permission: NotificationPermission = 'default';
    Object.defineProperty(Notification, 'permission', { get: () => permission });
    Notification.requestPermission = async () => (permission = 'granted');
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      current = {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { userVisibleOnly: true, applicationServerKey: key.slice().buffer },
        getKey: () => null,
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, subscription);
}

let scanner = 0;
/** A stranger's phone scans the QR (each scan from its own address, so each one counts). */
async function scan(qrId: string) {
  scanner += 1;
  const response = await fetch(`${baseUrl}/api/qr-codes/${qrId}/scan`, {
    redirect: 'manual',
    headers: { 'user-agent': PHONE_CHROME, 'x-forwarded-for': `203.0.113.${scanner}` },
  });
  expect(response.status).toBe(302);
}

/** A phone at 360 px, in English or Hindi, as the scan page sees it. */
const phone = (locale = 'en-US') =>
  newPage(browser, { mobile: true, locale, userAgent: PHONE_CHROME });

const pushedAbout = (qrId: string) => (message: PushMessage) =>
  (message.json as { url?: string } | undefined)?.url === `/qr-data/${qrId}`;

describe('alerts', () => {
  it('enables alerts on this device from the dashboard: a scan is pushed to it; once it is turned off, a scan is not', async () => {
    const page = await newPage(browser);
    await stubPushService(page.context(), push.subscribe('owner-phone'));
    await registerAndSignIn(page, baseUrl);
    const car = await ownerApi<{ id: string }>(page, 'POST', '/qr-codes/', vehicle('KA01AB1234'));
    const bike = await ownerApi<{ id: string }>(page, 'POST', '/qr-codes/', vehicle('KA05XY9876'));
    await page.reload();

    const device = page.getByRole('region', { name: 'Alerts on this device' });
    await device
      .getByText('Get a notification here as soon as one of your QR codes is scanned.')
      .waitFor();
    const saved = page.waitForResponse(
      (res) => res.url().endsWith('/api/push-subscriptions') && res.request().method() === 'POST',
    );
    await device.getByRole('button', { name: 'Enable alerts on this device' }).click();
    expect((await saved).status()).toBe(201);
    await device.getByText('Alerts are on for this device').waitFor();
    await screenshot(page, 'alerts-dashboard-device-on');

    await scan(car.id);
    const message = await push.waitFor(pushedAbout(car.id), 10_000);
    expect(message.subscriptionName).toBe('owner-phone');
    expect(message.json).toMatchObject({
      title: 'KA01AB1234 was scanned',
      url: `/qr-data/${car.id}`,
    });

    const removed = page.waitForResponse(
      (res) => res.url().endsWith('/api/push-subscriptions') && res.request().method() === 'DELETE',
    );
    await device.getByRole('button', { name: 'Turn off on this device' }).click();
    expect((await removed).status()).toBe(204);
    await device.getByRole('button', { name: 'Enable alerts on this device' }).waitFor();

    // Another QR, so the minute between two alerts about one QR is not what keeps it quiet: with
    // the device still subscribed, its push would come within about a second.
    await scan(bike.id);
    await expect(push.waitFor(pushedAbout(bike.id), 3_000)).rejects.toThrow(/no push matching/);
    await page.context().close();
  });

  it('lost mode: the scan page leads with the banner and the message in English and Hindi, until the item is found', async () => {
    const owner = await newPage(browser);
    await registerAndSignIn(owner, baseUrl);
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle('KA02CD5678'));
    await owner.goto(`${baseUrl}/qr-data/${qr.id}`);
    const lostCard = owner.getByRole('region', { name: 'Lost mode' });
    await lostCard.getByLabel('Message for the finder').fill('Reward offered. Please call me.');
    await lostCard.getByRole('button', { name: 'Mark as lost' }).click();
    await owner.getByText('Marked as lost. People who scan this code will see it.').waitFor();
    await lostCard.getByText(/^Reported lost since /).waitFor();
    await lostCard.getByText('Reward offered. Please call me.').waitFor();
    await screenshot(owner, 'alerts-qr-detail-lost');

    const texts = {
      'en-US': {
        title: 'This item is reported lost',
        ownerMessage: 'Message from the owner:',
        contact: 'Please contact the owner using the details below.',
      },
      'hi-IN': {
        title: 'यह वस्तु खोई हुई बताई गई है',
        ownerMessage: 'मालिक का संदेश:',
        contact: 'कृपया नीचे दिए गए विवरण से मालिक से संपर्क करें।',
      },
    };
    for (const [locale, text] of Object.entries(texts)) {
      const page = await phone(locale);
      await page.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
      const banner = page.getByRole('alert', { name: text.title });
      await banner.waitFor();
      expect(await banner.getByText(text.ownerMessage, { exact: true }).isVisible()).toBe(true);
      expect(await banner.getByText('Reward offered. Please call me.').isVisible()).toBe(true);
      expect(await banner.getByText(text.contact, { exact: true }).isVisible()).toBe(true);
      await page.getByText('KA02CD5678').waitFor();
      await screenshot(page, `alerts-scan-lost-360-${locale.slice(0, 2)}`);
      await page.context().close();
    }

    await lostCard.getByRole('button', { name: 'Mark as found' }).click();
    await owner.getByText('Marked as found.', { exact: true }).waitFor();
    await lostCard.getByRole('button', { name: 'Mark as lost' }).waitFor();

    const page = await phone();
    await page.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await page.getByText('KA02CD5678').waitFor();
    expect(await page.getByText(texts['en-US'].title).count()).toBe(0);
    for (const context of [owner.context(), page.context()]) await context.close();
  });

  it('a guardian confirms the mailed invitation, gets the alert mail of a scan and stops it from its link', async () => {
    const owner = await newPage(browser);
    const account = await registerAndSignIn(owner, baseUrl);
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', vehicle('KA03EF2468'));
    await owner.goto(`${baseUrl}/qr-data/${qr.id}`);
    const guardians = owner.getByRole('region', { name: 'Guardians' });
    await guardians.getByText('No guardians yet.').waitFor();
    expect(await guardians.getByText('0 of 1 guardians on your Free plan').isVisible()).toBe(true);

    const guardianEmail = uniqueEmail('guardian');
    await guardians.getByLabel("Guardian's e-mail").fill(guardianEmail);
    await guardians.getByRole('button', { name: 'Invite' }).click();
    await owner.getByText(`Invitation sent to ${guardianEmail}.`).waitFor();
    const list = guardians.getByRole('list', { name: 'Guardians of this QR code' });
    await list.getByText('Pending', { exact: true }).waitFor();

    const invitation = await mailTo(
      outbox,
      guardianEmail,
      `${account.email} wants you to get CareCode alerts`,
    );
    const guardian = await phone();
    await guardian.goto(linkIn(invitation, '/guardians/confirm', baseUrl));
    await guardian.getByText('You will now get alerts when KA03EF2468 is scanned.').waitFor();
    await screenshot(guardian, 'alerts-guardian-confirmed-360-en');

    await owner.reload();
    await list.getByText('Confirmed', { exact: true }).waitFor();
    expect(await list.getByText(guardianEmail).isVisible()).toBe(true);
    expect(await guardians.getByText('1 of 1 guardians on your Free plan').isVisible()).toBe(true);
    await screenshot(owner, 'alerts-qr-detail-guardian-confirmed');

    await scan(qr.id);
    const alert = await mailTo(outbox, guardianEmail, 'KA03EF2468 was scanned');
    expect(alert.text).toContain(
      'You get this because the owner added you to this QR code’s alerts. Stop these alerts: ',
    );
    await guardian.goto(linkIn(alert, '/alerts/unsubscribe', baseUrl));
    await guardian.getByText('Stop the alert e-mails this link came with?').waitFor();
    await guardian.getByRole('button', { name: 'Stop these alerts' }).click();
    await guardian.getByText('You will no longer get alerts for KA03EF2468.').waitFor();
    expect(await guardian.getByRole('button', { name: 'Stop these alerts' }).count()).toBe(0);
    await screenshot(guardian, 'alerts-unsubscribed-360-en');

    // The guardian is off the owner's list.
    await owner.reload();
    await guardians.getByText('No guardians yet.').waitFor();
    for (const page of [owner, guardian]) await page.context().close();
  });

  it('keeps the quiet hours saved on the account page, in Hindi at phone width', async () => {
    const page = await newPage(browser, { mobile: true });
    await registerAndSignIn(page, baseUrl);
    // The header's language switch, behind the phone menu.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Language: हिन्दी' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'मेरा खाता' }).click();

    const form = page.getByRole('form', { name: 'अलर्ट सेटिंग्स' });
    const quietHours = form.getByRole('switch', { name: 'शांत समय' });
    await quietHours.waitFor();
    expect(await quietHours.getAttribute('aria-checked')).toBe('false');
    await quietHours.click();
    await form.getByLabel('से', { exact: true }).fill('23:30');
    await form.getByLabel('तक', { exact: true }).fill('06:15');
    await form.getByRole('button', { name: 'सहेजें' }).click();
    await form.getByText('अलर्ट सेटिंग्स सहेज ली गईं।').waitFor();
    await screenshot(page, 'alerts-preferences-360-hi');

    await page.reload();
    await quietHours.waitFor();
    expect(await quietHours.getAttribute('aria-checked')).toBe('true');
    expect(await form.getByLabel('से', { exact: true }).inputValue()).toBe('23:30');
    expect(await form.getByLabel('तक', { exact: true }).inputValue()).toBe('06:15');
    expect(
      await form
        .getByText('शांत समय में केवल खोई वस्तु (लॉस्ट मोड) और लोकेशन वाले अलर्ट भेजे जाते हैं (भारतीय समय)।')
        .isVisible(),
    ).toBe(true);
    await page.context().close();
  });
});
