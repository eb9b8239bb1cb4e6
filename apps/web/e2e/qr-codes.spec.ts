import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerAndSignIn, waitForPath } from './support/auth.ts';
import { newPage, screenshot, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

type Kind = 'Child Safety' | 'Person / Medical' | 'Vehicle Contact' | 'Luggage' | 'Lockscreen';

const forms: Record<Kind, Record<string, string>> = {
  'Child Safety': {
    'Child Name': 'Asha Verma',
    'School Name': 'DPS Noida',
    'Parent Name': 'Meera Verma',
    'Parent Phone': '9123456780',
    'Emergency Name': 'Ravi Verma',
    'Emergency Phone': '9876543210',
    'Blood Group': 'B_POSITIVE',
    Allergies: 'Peanuts',
  },
  'Person / Medical': {
    Name: 'Kamala Iyer',
    'Emergency Name': 'Suresh Iyer',
    'Emergency Phone': '9988776655',
    'Blood Group': 'O_NEGATIVE',
    'Current Medications': 'Metformin 500 mg',
  },
  'Vehicle Contact': {
    'Vehicle Number': 'KA01AB1234',
    'Model Description': 'Red Swift',
    'Owner Name': 'Arjun Rao',
    'Owner Phone': '9000011111',
    'Emergency Name': 'Leela Rao',
    'Emergency Phone': '9000022222',
  },
  Luggage: {
    'Luggage Description': 'Blue hard-shell suitcase',
    'Owner Name': 'Arjun Rao',
    'Owner Phone': '9000011111',
    'Emergency Name': 'Leela Rao',
    'Emergency Phone': '9000022222',
  },
  Lockscreen: {
    'Device Name': 'Pixel 8',
    'Owner Name': 'Nisha Das',
    'Owner Phone': '9111122222',
    'Emergency Name': 'Amit Das',
    'Emergency Phone': '9111133333',
  },
};

async function fillForm(page: Page, values: Record<string, string>) {
  const dialog = page.getByRole('dialog');
  for (const [label, value] of Object.entries(values)) {
    const field = dialog.getByLabel(label, { exact: true });
    if ((await field.evaluate((el) => el.tagName)) === 'SELECT') await field.selectOption(value);
    else await field.fill(value);
  }
}

async function openForm(page: Page, kind: Kind) {
  await page.getByRole('button', { name: 'Create New QR' }).click();
  await page.getByRole('dialog', { name: 'Choose the kind of QR code' }).waitFor();
  await page.getByRole('button', { name: new RegExp(`^${kind.replace('/', '\\/')}`) }).click();
  await page.getByRole('dialog', { name: `New ${kind} QR` }).waitFor();
}

/** Creates a QR through the UI and resolves with its id once its detail page shows. */
async function createQr(page: Page, kind: Kind): Promise<string> {
  await openForm(page, kind);
  await fillForm(page, forms[kind]);
  if (kind === 'Child Safety') {
    // The owner confirms they are the child's parent or guardian (recorded with the code).
    await page
      .getByRole('checkbox', { name: /^I am this child's parent or legal guardian/ })
      .check();
  }
  await page.getByRole('dialog').getByRole('button', { name: 'Create QR' }).click();
  await page.waitForURL(/\/qr-data\/[A-Za-z0-9_-]{22,}$/);
  await page.getByRole('heading', { name: `${kind} Details` }).waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  return new URL(page.url()).pathname.split('/').pop()!;
}

async function goToDashboard(page: Page) {
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await waitForPath(page, baseUrl, '/dashboard');
  await page.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
}

const tileSwitch = (page: Page, name: string) =>
  page.getByRole('switch', { name: `Public: ${name}` });

describe('QR codes journey', () => {
  it('creates the five kinds, enforces the Free limit, edits, toggles and previews', async () => {
    // Owner 1 (Free): a child and a person QR; the third is refused.
    const first = await newPage(browser);
    await registerAndSignIn(first, baseUrl);
    await first.getByRole('heading', { name: 'My QR Dashboard' }).waitFor();
    await first.getByText('No QR codes created yet').waitFor();
    expect(await first.getByText('Click "Create New QR" to get started').isVisible()).toBe(true);
    expect(await first.getByRole('link', { name: 'View Plans' }).getAttribute('href')).toBe(
      '/pricing',
    );

    // An empty submit shows inline errors and creates nothing.
    await openForm(first, 'Child Safety');
    await first.getByRole('dialog').getByRole('button', { name: 'Create QR' }).click();
    expect(await first.getByRole('dialog').getByText('Required').count()).toBe(6);
    await first.getByRole('dialog').getByLabel('Parent Phone', { exact: true }).fill('12345');
    await first.getByRole('dialog').getByRole('button', { name: 'Create QR' }).click();
    await first.getByText('Phone number must be 10 digits').waitFor();
    await first.getByRole('button', { name: 'Close', exact: true }).click();

    const childId = await createQr(first, 'Child Safety');
    expect(await first.getByRole('heading', { name: 'Asha Verma' }).isVisible()).toBe(true);
    expect(await first.getByLabel('Status: Assigned').getAttribute('data-tone')).toBe('green');
    expect(await first.getByText('0 scan(s) exhausted').getAttribute('data-tone')).toBe('blue');
    expect(await first.getByRole('link', { name: '9123456780' }).getAttribute('href')).toBe(
      'tel:9123456780',
    );
    expect(await first.getByRole('link', { name: /Try Scan/ }).getAttribute('href')).toBe(
      `${baseUrl}/api/qr-codes/${childId}/scan`,
    );
    expect(await first.getByRole('link', { name: /Try Scan/ }).getAttribute('target')).toBe(
      '_blank',
    );
    await goToDashboard(first);
    await createQr(first, 'Person / Medical');
    await goToDashboard(first);

    await openForm(first, 'Vehicle Contact');
    await fillForm(first, forms['Vehicle Contact']);
    await first.getByRole('dialog').getByRole('button', { name: 'Create QR' }).click();
    const limitToast = first.getByText(
      'Your Free plan allows up to 2 QR codes. Upgrade on the Pricing page to create more.',
    );
    await limitToast.waitFor();
    expect(new URL(first.url()).pathname).toBe('/dashboard');
    await first.getByRole('button', { name: 'Close', exact: true }).click();
    expect(
      await first
        .getByRole('listitem')
        .filter({ has: first.getByRole('switch') })
        .count(),
    ).toBe(2);
    await first.getByRole('button', { name: 'View Plans' }).click();
    await waitForPath(first, baseUrl, '/pricing');
    await first.context().close();

    // Owner 2: vehicle and luggage; edit, toggle, preview.
    const second = await newPage(browser);
    await registerAndSignIn(second, baseUrl);
    const vehicleId = await createQr(second, 'Vehicle Contact');
    await goToDashboard(second);
    const luggageId = await createQr(second, 'Luggage');

    // Edit the luggage QR: the modal is filled in; after saving, the tile is not stale.
    await second.getByRole('button', { name: 'Edit details' }).click();
    const editDialog = second.getByRole('dialog', { name: 'Update QR Details' });
    await editDialog.waitFor();
    const description = editDialog.getByLabel('Luggage Description', { exact: true });
    expect(await description.inputValue()).toBe('Blue hard-shell suitcase');
    await description.fill('Green duffel bag');
    await editDialog.getByRole('button', { name: 'Save Changes' }).click();
    await second.getByRole('heading', { name: 'Green duffel bag' }).waitFor();
    expect(await editDialog.count()).toBe(0);
    await goToDashboard(second);
    await second.getByRole('link', { name: 'Green duffel bag' }).waitFor();
    expect(await second.getByRole('link', { name: 'Blue hard-shell suitcase' }).count()).toBe(0);
    expect(await second.getByRole('link', { name: 'KA01AB1234' }).getAttribute('href')).toBe(
      `/qr-data/${vehicleId}`,
    );

    // Toggle the luggage QR private through Confirm.
    await tileSwitch(second, 'Green duffel bag').click();
    const confirm = second.getByRole('dialog', { name: 'Make this QR code private?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await second.getByText('The QR code is now private.').waitFor();
    expect(await tileSwitch(second, 'Green duffel bag').getAttribute('aria-checked')).toBe('false');

    // Toggle the vehicle QR through Cancel: nothing changes.
    await tileSwitch(second, 'KA01AB1234').click();
    await second.getByRole('dialog', { name: 'Make this QR code private?' }).waitFor();
    await second.getByRole('button', { name: 'Cancel' }).click();
    expect(await second.getByRole('dialog').count()).toBe(0);
    expect(await tileSwitch(second, 'KA01AB1234').getAttribute('aria-checked')).toBe('true');

    await second.reload();
    await tileSwitch(second, 'KA01AB1234').waitFor();
    expect(await tileSwitch(second, 'KA01AB1234').getAttribute('aria-checked')).toBe('true');
    expect(await tileSwitch(second, 'Green duffel bag').getAttribute('aria-checked')).toBe('false');
    await screenshot(second, 'qr-dashboard-toggled-desktop-en');

    // Open the luggage QR's preview from its detail page, in a new tab.
    await second.getByRole('link', { name: 'Green duffel bag' }).click();
    await waitForPath(second, baseUrl, `/qr-data/${luggageId}`);
    const [preview] = await Promise.all([
      second.context().waitForEvent('page'),
      second.getByRole('link', { name: /Public Preview/ }).click(),
    ]);
    await waitForPath(preview, baseUrl, `/preview/qr-data/${luggageId}`);
    await preview.getByRole('heading', { name: 'Luggage Details' }).waitFor();
    expect(await preview.getByText('Green duffel bag').isVisible()).toBe(true);
    expect(await preview.getByText(/This QR code is private/).isVisible()).toBe(true);
    expect(await preview.getByRole('button', { name: 'Edit details' }).count()).toBe(0);
    await preview.getByRole('heading', { name: 'Emergency Numbers (India)' }).waitFor();
    const telLinks = await preview
      .locator('a[href^="tel:"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(telLinks).toEqual([
      'tel:9000011111',
      'tel:9000022222',
      'tel:112',
      'tel:100',
      'tel:102',
      'tel:108',
      'tel:1033',
      'tel:1091',
      'tel:1098',
      'tel:101',
      'tel:1078',
    ]);
    expect(await preview.locator('a[href^="mailto:"]').count()).toBe(1);
    await screenshot(preview, 'qr-preview-desktop-en');
    await second.context().close();

    // Owner 3: the lockscreen QR, without the optional medical block.
    const third = await newPage(browser);
    await registerAndSignIn(third, baseUrl);
    await createQr(third, 'Lockscreen');
    expect(await third.getByText('Blood Group').count()).toBe(0);
    await goToDashboard(third);
    expect(await third.getByRole('link', { name: 'Pixel 8' }).isVisible()).toBe(true);
    await third.context().close();
  });

  it('asks a signed-out visitor of a preview to sign in', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/preview/qr-data/some-id`);
    await page.getByRole('heading', { name: 'Sign in to see this preview' }).waitFor();
    await page.getByRole('heading', { name: 'Emergency Numbers (India)' }).waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await waitForPath(page, baseUrl, '/login');
    await page.context().close();
  });

  it('shows "QR code not found." for an id that is not the owner\'s', async () => {
    const page = await newPage(browser);
    await registerAndSignIn(page, baseUrl);
    await page.goto(`${baseUrl}/qr-data/AAAAAAAAAAAAAAAAAAAAAA`);
    await page.getByRole('alert').filter({ hasText: 'QR code not found.' }).waitFor();
    await page.context().close();
  });

  it.each([
    ['desktop', false],
    ['mobile', true],
  ] as const)('looks right on %s in English and Hindi (screenshots)', async (label, mobile) => {
    const page = await newPage(browser, { mobile });
    await registerAndSignIn(page, baseUrl);
    for (const language of ['en', 'hi'] as const) {
      await page.evaluate((lng) => window.localStorage.setItem('carecode.language', lng), language);
      await page.goto(`${baseUrl}/dashboard`);
      await page.locator('h1').waitFor();
      await screenshot(page, `qr-dashboard-${label}-${language}`);
      const createLabel = language === 'en' ? 'Create New QR' : 'नया QR बनाएँ';
      await page.getByRole('button', { name: createLabel }).click();
      await page.getByRole('dialog').waitFor();
      await screenshot(page, `qr-type-picker-${label}-${language}`);
      const kinds = await page.getByRole('dialog').getByRole('listitem').count();
      expect(kinds).toBe(5);
      for (let i = 0; i < kinds; i++) {
        await page.getByRole('dialog').getByRole('listitem').nth(i).getByRole('button').click();
        await page.getByRole('dialog').locator('form').waitFor();
        await page.getByRole('dialog').locator('button[type="submit"]').click();
        await page.getByRole('dialog').locator('[aria-invalid="true"]').first().waitFor();
        await screenshot(page, `qr-form-${i + 1}-${label}-${language}`);
        await page
          .getByRole('dialog')
          .getByRole('button', { name: language === 'en' ? 'Back' : 'वापस' })
          .click();
      }
      await page.keyboard.press('Escape');
      if (language === 'en') {
        await createQr(page, 'Child Safety');
      } else {
        await page.getByRole('link').filter({ hasText: 'Asha Verma' }).click();
        await page.locator('h1').filter({ hasText: 'Asha Verma' }).waitFor();
      }
      await screenshot(page, `qr-detail-${label}-${language}`);
      const id = new URL(page.url()).pathname.split('/').pop();
      await page.goto(`${baseUrl}/preview/qr-data/${id}`);
      await page.locator('a[href="tel:112"]').waitFor();
      await page.getByText('Asha Verma').first().waitFor();
      await screenshot(page, `qr-preview-${label}-${language}`);
    }
    await page.context().close();
  });
});
