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
});
