import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { makeQr } from '../../test/qr-fixtures.ts';
import { Component } from './qr-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('/qr-data/{id}', () => {
  it("shows a lost QR as 'Lost', with its lost mode, guardians and alert channels", async () => {
    const bag = makeQr({
      type: 'LUGGAGE',
      id: 'bag-1',
      lost: { message: 'Reward offered', since: '2025-06-02T10:30:00.000Z' },
    });
    mockApi({
      'GET /qr-codes/bag-1': () => ({ body: bag }),
      'GET /qr-codes/bag-1/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-1/alert-preferences': () => ({ body: { push: true, email: true } }),
    });
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-1' });
    const title = await screen.findByRole('heading', { level: 1, name: 'Blue suitcase' });
    expect(title.parentElement!.parentElement).toHaveTextContent('Lost');

    const lostMode = screen.getByRole('region', { name: 'Lost mode' });
    expect(lostMode).toHaveTextContent('Reported lost since');
    expect(within(lostMode).getByText('Reward offered')).toBeInTheDocument();
    expect(within(lostMode).getByRole('button', { name: 'Mark as found' })).toBeInTheDocument();

    const guardians = screen.getByRole('region', { name: 'Guardians' });
    expect(await within(guardians).findByText('No guardians yet.')).toBeInTheDocument();
    const alerts = screen.getByRole('region', { name: 'Alerts for this QR code' });
    expect(
      await within(alerts).findByRole('switch', { name: 'Push notifications' }),
    ).toHaveAttribute('aria-checked', 'true');
  });

  it.each([
    [
      'en',
      'This code is beyond your plan’s QR limit: it still works for anyone who scans it, but it cannot be edited until you are within the limit.',
      'Edit details',
    ],
    [
      'hi',
      'यह कोड आपके प्लान की QR सीमा से बाहर है: स्कैन करने वाले के लिए यह अब भी काम करता है, लेकिन सीमा के भीतर आने तक इसे बदला नहीं जा सकता।',
      null,
    ],
  ] as const)(
    '(%s) offers no editing of a code beyond the plan limit, and says why',
    async (language, note, editLabel) => {
      const bag = makeQr({ type: 'LUGGAGE', id: 'bag-2', beyondPlanLimit: true });
      mockApi({
        'GET /qr-codes/bag-2': () => ({ body: bag }),
        'GET /qr-codes/bag-2/guardians': () => ({ body: [] }),
        'GET /qr-codes/bag-2/alert-preferences': () => ({ body: { push: true, email: true } }),
      });
      await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-2', language });
      expect(await screen.findByRole('note')).toHaveTextContent(note);
      if (editLabel) expect(screen.queryByRole('button', { name: editLabel })).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it('offers editing of a code within the limit', async () => {
    const bag = makeQr({ type: 'LUGGAGE', id: 'bag-3', beyondPlanLimit: false });
    mockApi({
      'GET /qr-codes/bag-3': () => ({ body: bag }),
      'GET /qr-codes/bag-3/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-3/alert-preferences': () => ({ body: { push: true, email: true } }),
    });
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-3' });
    await screen.findByRole('heading', { level: 1, name: 'Blue suitcase' });
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit details' })).toBeVisible();
  });

  it('deletes a code after confirmation and returns to the dashboard', async () => {
    const bag = makeQr({ type: 'LUGGAGE', id: 'bag-4', beyondPlanLimit: true });
    const calls = mockApi({
      'GET /qr-codes/bag-4': () => ({ body: bag }),
      'GET /qr-codes/bag-4/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-4/alert-preferences': () => ({ body: { push: true, email: true } }),
      'DELETE /qr-codes/bag-4': () => ({ status: 204 }),
    });
    const { router } = await renderApp(<Component />, {
      path: '/qr-data/:id',
      route: '/qr-data/bag-4',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this QR code?' });
    expect(dialog).toHaveTextContent('its scan history with locations');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete for good' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'DELETE', path: '/qr-codes/bag-4' }),
    );
  });

  it("draws an organisation's code in the designer under its band, its colour checked for white text", async () => {
    const code = {
      ...makeQr({ type: 'LUGGAGE', id: 'bag-org' }),
      organizationId: 'org-1',
      role: 'admin' as const,
    };
    const calls = mockApi({
      'GET /qr-codes/bag-org': () => ({ body: code }),
      'GET /qr-codes/bag-org/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-org/alert-preferences': () => ({ body: { push: true, email: true } }),
      'GET /organizations': () => ({
        body: [
          {
            id: 'org-1',
            name: 'Lotus Hotel',
            role: 'admin',
            brandColor: '#FEF08A',
            logoUrl: '/api/organizations/org-1/logo?v=1',
            memberCount: 2,
            qrCount: 1,
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ],
      }),
    });
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-org' });
    await waitFor(() =>
      expect(document.querySelector('[data-designer-card] [data-brand-band]')).not.toBeNull(),
    );
    const band = document.querySelector<HTMLElement>('[data-designer-card] [data-brand-band]')!;
    expect(band.textContent).toBe('Lotus HotelProtected by CareCode');
    // Too light for white text: the app red instead.
    expect(band).toHaveStyle({ backgroundColor: 'rgb(185, 28, 28)' });
    expect(band.querySelector('img')).toHaveAttribute('src', '/api/organizations/org-1/logo?v=1');
    expect(calls.filter((call) => call.path.startsWith('/organizations'))).toHaveLength(1);
  });

  it('asks for no organisation for a personal code', async () => {
    const bag = makeQr({ type: 'LUGGAGE', id: 'bag-own' });
    const calls = mockApi({
      'GET /qr-codes/bag-own': () => ({ body: bag }),
      'GET /qr-codes/bag-own/guardians': () => ({ body: [] }),
      'GET /qr-codes/bag-own/alert-preferences': () => ({ body: { push: true, email: true } }),
    });
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/bag-own' });
    await waitFor(() => expect(document.querySelector('[data-designer-card]')).not.toBeNull());
    expect(document.querySelector('[data-brand-band]')).toBeNull();
    expect(calls.some((call) => call.path.startsWith('/organizations'))).toBe(false);
  });
});
