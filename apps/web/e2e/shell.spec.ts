import { describe, expect, it } from 'vitest';
import { newPage, useJourney } from './support/browser.ts';

const { baseUrl, browser } = useJourney();

describe('app shell', () => {
  it('shows the error page with the sentence of its code and the default "Unknown error."', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/error?code=SCAN_NOT_FOUND`);
    await page.getByRole('heading', { name: 'Something went wrong' }).waitFor();
    expect(await page.getByText('Scan not found. Please rescan the QR code.').isVisible()).toBe(
      true,
    );
    await page.goto(`${baseUrl}/error`);
    await page.getByText('Unknown error.').waitFor();
    expect(await page.getByRole('link', { name: 'Go back to Home' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('switches to Hindi at once, remembers it and sets <html lang>', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl}/error`);
    await page
      .getByRole('button', { name: /Language/ })
      .first()
      .click();
    await page.getByText('अज्ञात त्रुटि।').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('hi');
    await page.reload();
    await page.getByText('अज्ञात त्रुटि।').waitFor();
    await page.context().close();
  });
});
