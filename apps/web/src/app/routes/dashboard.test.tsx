import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { removePushDevice, stubPushDevice } from '../../test/push-device.ts';
import { makeQr } from '../../test/qr-fixtures.ts';
import { Component } from './dashboard.tsx';

afterEach(() => {
  removePushDevice();
  vi.unstubAllGlobals();
});

describe('/dashboard', () => {
  it("offers 'Enable alerts on this device' and marks a lost QR 'Lost'", async () => {
    stubPushDevice();
    mockApi({
      'GET /qr-codes/': () => ({
        body: [
          makeQr({
            type: 'LUGGAGE',
            id: 'lost-one',
            lost: { message: '', since: '2025-06-02T10:00:00.000Z' },
          }),
          makeQr({ type: 'PERSON', id: 'kept-one' }),
        ],
      }),
    });
    await renderApp(<Component />, { path: '/dashboard' });
    expect(
      await screen.findByRole('button', { name: 'Enable alerts on this device' }),
    ).toBeInTheDocument();
    const lostTile = (await screen.findByRole('link', { name: 'Blue suitcase' })).closest(
      'article',
    )!;
    expect(lostTile).toHaveTextContent('Lost');
    const keptTile = screen.getByRole('link', { name: 'Kamala Iyer' }).closest('article')!;
    expect(keptTile).not.toHaveTextContent('Lost');
  });

  it.each([
    [
      'en',
      'Some QR codes are beyond your plan’s limit',
      'Your Premium plan ended on 28 February 2026, so your account is on the Basic plan now. Nothing was deleted.',
      '2 codes (your newest) are beyond the 10 QR codes the Basic plan allows. They still work for anyone who scans them, but you cannot edit them, or add new codes, until you are within the limit: delete codes you no longer need, or renew.',
      'Renew Premium',
    ],
    [
      'hi',
      'कुछ QR कोड आपके प्लान की सीमा से बाहर हैं',
      'आपका प्रीमियम प्लान 28 फ़रवरी 2026 को समाप्त हो गया, इसलिए आपका खाता अब बेसिक प्लान पर है। कुछ भी मिटाया नहीं गया।',
      '2 कोड (आपके सबसे नए) बेसिक प्लान की 10 QR कोड की सीमा से बाहर हैं।',
      'प्रीमियम रिन्यू करें',
    ],
  ] as const)(
    '(%s) explains codes beyond the limit after a paid plan ended',
    async (language, title, ended, text, renew) => {
      mockApi({
        'GET /user/me': () => ({
          body: {
            email: 'o@example.com',
            emailVerified: true,
            phone: null,
            plan: 'BASIC',
            ownedPlan: 'BASIC',
            paidPlan: 'PREMIUM',
            paidPeriod: 'YEARLY',
            planExpiresAt: '2026-02-28T06:30:00.000Z',
            groups: ['basic'],
          },
        }),
        'GET /qr-codes/': () => ({
          body: [
            makeQr({ type: 'PERSON', id: 'new-1', beyondPlanLimit: true }),
            makeQr({ type: 'PERSON', id: 'new-2', beyondPlanLimit: true }),
            makeQr({ type: 'PERSON', id: 'old-1', beyondPlanLimit: false }),
          ],
        }),
      });
      await renderApp(<Component />, { path: '/dashboard', language });
      const notice = await screen.findByTestId('plan-limit-notice');
      expect(notice).toHaveTextContent(title);
      await vi.waitFor(() => expect(notice).toHaveTextContent(ended));
      expect(notice).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: renew })).toHaveAttribute('href', '/pricing');
      if (language === 'en') {
        const tiles = screen.getAllByRole('article');
        expect(
          tiles.filter((tile) => tile.textContent?.includes('Beyond plan limit')),
        ).toHaveLength(2);
      }
    },
  );

  it('shows no such notice while every code is within the limit', async () => {
    mockApi({ 'GET /qr-codes/': () => ({ body: [makeQr({ type: 'PERSON', id: 'one' })] }) });
    await renderApp(<Component />, { path: '/dashboard' });
    await screen.findByRole('link', { name: 'Kamala Iyer' });
    expect(screen.queryByTestId('plan-limit-notice')).toBeNull();
  });
});
