import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { renderApp } from '../../../test/kit.tsx';
import { PrivacyPage } from './privacy-page.tsx';

const defaults = { ...runtimeConfig.retention };
afterEach(() => Object.assign(runtimeConfig.retention, defaults));

describe('the privacy page', () => {
  it("states the retention periods the server's job applies, from its configuration", async () => {
    Object.assign(runtimeConfig.retention, { locationDays: 30, scanDays: 365 });
    await renderApp(<PrivacyPage />, { path: '/privacy' });
    // Each item leads in with its subject in bold: compare the list items' whole text.
    const items = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toContain(
      'Scan records: 365 days, then deleted (sooner if you delete the QR code).',
    );
    expect(items).toContain(
      'Locations that scanners share: 30 days, then erased from the scan record.',
    );
  });
});
