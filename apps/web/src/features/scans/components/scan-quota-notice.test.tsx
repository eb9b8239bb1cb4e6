import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { ScanQuotaNotice } from './scan-quota-notice.tsx';

describe('ScanQuotaNotice', () => {
  it('stays hidden below the Free quota of 10', async () => {
    await renderApp(<ScanQuotaNotice qr={{ scanCount: 9 }} />, { auth: fakeAuth() });
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /scans of this month/ })).not.toBeInTheDocument();
  });

  it('at 10 scans on Free says the month is used and links to the pricing page', async () => {
    await renderApp(<ScanQuotaNotice qr={{ scanCount: 10 }} />, { auth: fakeAuth() });
    expect(
      screen.getByRole('heading', { name: 'All 10 scans of this month are used' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/still see your public contacts and the emergency numbers/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/pricing');
  });

  it('uses the plan from the sign-in groups: Basic allows 200 and has no upgrade to buy', async () => {
    await renderApp(<ScanQuotaNotice qr={{ scanCount: 150 }} />, {
      auth: fakeAuth({ groups: ['basic'] }),
    });
    expect(screen.queryByRole('heading', { name: /scans of this month/ })).not.toBeInTheDocument();
    await renderApp(<ScanQuotaNotice qr={{ scanCount: 200 }} plan="BASIC" />);
    expect(
      screen.getByRole('heading', { name: 'All 200 scans of this month are used' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade Plan' })).not.toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    await renderApp(<ScanQuotaNotice qr={{ scanCount: 12 }} />, {
      auth: fakeAuth(),
      language: 'hi',
    });
    expect(screen.getByRole('link', { name: 'प्लान अपग्रेड करें' })).toBeInTheDocument();
  });
});
