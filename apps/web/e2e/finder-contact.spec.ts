import { describe, expect, it } from 'vitest';
import { registerAndSignIn } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';
import { buyMonthly, ownerApi, PHONE_CHROME } from './support/owner-api.ts';

const { baseUrl, browser } = useJourney();

const OWNER_PHONE = '9867503421';
const EMERGENCY_PHONE = '9123456780';
const car = {
  type: 'VEHICLE',
  details: {
    numberPlate: 'DL3CAF0042',
    modelDescription: 'Grey Nexon',
    ownerContact: { name: 'Kabir Singh', phoneNumber: OWNER_PHONE },
    emergencyContact: { name: 'Nisha Singh', phoneNumber: EMERGENCY_PHONE },
  },
};

/** Every 4-digit run of a number: none may reach a scanner's page. */
const digitRuns = (phone: string) =>
  Array.from({ length: phone.length - 3 }, (_, index) => phone.slice(index, index + 4));

describe('reaching an owner who hides their numbers', () => {
  it('a Premium owner hides numbers; a scanner on a 360 px phone calls through the bridge and exchanges messages, in English and Hindi', async () => {
    // The owner buys Premium (sandbox checkout) and creates a code.
    const owner = await newPage(browser);
    await registerAndSignIn(owner, baseUrl);
    await buyMonthly(owner, baseUrl, 'PREMIUM');
    const qr = await ownerApi<{ id: string }>(owner, 'POST', '/qr-codes/', car);

    // 'Hide my numbers' on the QR's page.
    await owner.goto(`${baseUrl}/qr-data/${qr.id}`);
    const hide = owner.getByRole('switch', { name: 'Hide my numbers' });
    expect(await hide.getAttribute('aria-checked')).toBe('false');
    await hide.click();
    await owner.getByText('Your numbers are now hidden on the scan page.').waitFor();
    expect(await hide.getAttribute('aria-checked')).toBe('true');

    // The scanner sees no number, only the calls through the bridge.
    const scanner = await newPage(browser, { mobile: true, userAgent: PHONE_CHROME });
    await scanner.goto(`${baseUrl}/api/qr-codes/${qr.id}/scan`);
    await scanner.getByText('DL3CAF0042').waitFor();
    const call = scanner.getByRole('button', { name: 'Call Owner Contact (number hidden)' });
    await call.waitFor();
    await scanner.getByRole('button', { name: 'Call Emergency Contact (number hidden)' }).waitFor();
    const shown = await scanner.locator('body').innerText();
    const html = await scanner.content();
    for (const run of [...digitRuns(OWNER_PHONE), ...digitRuns(EMERGENCY_PHONE)]) {
      expect(shown).not.toContain(run);
      expect(html).not.toContain(run);
    }
    expect(await scanner.locator('a[href^="tel:98"], a[href*="wa.me"]').count()).toBe(0);

    // Drawn as a button (its styles are in the scan page's own stylesheet).
    const background = (locator: typeof call) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(call)).not.toBe('rgba(0, 0, 0, 0)');
    await call.click();
    const number = scanner.getByLabel('Your mobile number');
    await number.fill('12345');
    await scanner.getByRole('button', { name: 'Call me now' }).click();
    await scanner.getByRole('alert').getByText('Enter a 10-digit Indian mobile number').waitFor();
    await number.fill('98765 43210');
    await scanner.getByRole('button', { name: 'Call me now' }).click();
    await scanner
      .getByText('Demo: this call is simulated, nothing was dialled.', { exact: false })
      .waitFor();
    await screenshot(scanner, 'finder-call-simulated-360-en');

    // A message to the owner, and the owner's reply appears without a reload.
    const messages = scanner.getByRole('region', { name: 'Send a message to the owner' });
    await messages
      .getByLabel('Message', { exact: true })
      .fill('Your car lights are on <b>at gate 2</b>.');
    await messages.getByRole('button', { name: 'Send message' }).click();
    await messages.getByText('Message sent. The owner has been told.').waitFor();
    const mine = messages.getByRole('listitem').filter({ hasText: 'Your car lights are on' });
    expect(await background(mine)).not.toBe('rgba(0, 0, 0, 0)');

    await owner.reload();
    const thread = owner.getByRole('region', { name: 'Messages from finders' });
    await thread.getByText('Your car lights are on <b>at gate 2</b>.').waitFor();
    await thread.getByLabel('Your reply').fill('Thank you! Coming down now.');
    await thread.getByRole('button', { name: 'Send reply' }).click();
    await owner.getByText('Reply sent.').waitFor();
    await messages.getByText('Thank you! Coming down now.').waitFor({ timeout: 15_000 });
    await screenshot(scanner, 'finder-messages-360-en');

    // The owner's history: the call (the scanner's number by its last 2 digits) and messages.
    const history = owner.getByRole('table');
    await history.getByText('Simulated call (sandbox) · caller …10').waitFor();
    await history.getByText('2 messages').waitFor();
    expect(await owner.locator('body').innerText()).not.toContain('98765');
    await screenshot(owner, 'finder-owner-qr-page');

    // In Hindi.
    await scanner.evaluate(() => window.localStorage.setItem('carecode.language', 'hi'));
    await scanner.reload();
    await scanner.getByRole('button', { name: 'मालिक का संपर्क को कॉल करें (नंबर छिपा है)' }).click();
    await scanner.getByLabel('आपका मोबाइल नंबर').fill('9876543211');
    await scanner.getByRole('button', { name: 'मुझे अभी कॉल करें' }).click();
    await scanner.getByText('डेमो: यह कॉल सिम्युलेटेड है', { exact: false }).waitFor();
    const hindiMessages = scanner.getByRole('region', { name: 'मालिक को संदेश भेजें' });
    await hindiMessages.getByText('Thank you! Coming down now.').waitFor();
    await hindiMessages.getByLabel('संदेश', { exact: true }).fill('धन्यवाद, मैं यहीं हूँ।');
    await hindiMessages.getByRole('button', { name: 'संदेश भेजें' }).click();
    await hindiMessages.getByText('संदेश भेज दिया गया। मालिक को बता दिया गया है।').waitFor();
    await screenshot(scanner, 'finder-contact-360-hi');
  });
});
