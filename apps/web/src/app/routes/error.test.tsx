import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeAuth, renderApp } from '../../test/kit.tsx';
import { Component } from './error.tsx';

const renderAt = (route: string, language: 'en' | 'hi' = 'en') =>
  renderApp(null, {
    auth: fakeAuth({ signedIn: false }),
    route,
    language,
    routes: [{ path: '/error', element: <Component /> }],
  });

describe('/error', () => {
  it('shows the sentence of the code in the address', async () => {
    await renderAt('/error?code=QR_NOT_FOUND');
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('QR code not found.');
  });

  it('shows it in Hindi for a Hindi reader', async () => {
    await renderAt('/error?code=QR_NOT_FOUND', 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('QR कोड नहीं मिला।');
  });

  it('never shows free text from its address: "Unknown error." instead', async () => {
    await renderAt('/error?message=Your%20account%20is%20locked.%20Call%201800-000-000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error.');
    expect(screen.queryByText(/1800-000-000/)).not.toBeInTheDocument();
  });

  it('reads ?message= when it holds a code, and says "Unknown error." without one', async () => {
    const view = await renderAt('/error?message=SCAN_EXPIRED');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This scan session has expired. Please rescan the QR code.',
    );
    view.unmount();
    await renderAt('/error');
    expect(await screen.findByRole('alert')).toHaveTextContent('Unknown error.');
  });
});
