import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { removePushDevice, stubPushDevice } from '../../test/push-device.ts';
import { Component } from './account.tsx';

afterEach(() => {
  removePushDevice();
  vi.unstubAllGlobals();
});

describe('/account', () => {
  it("has an 'Alerts' section under the profile: this device's alerts and the alert settings", async () => {
    stubPushDevice();
    mockApi({
      'GET /user/alert-preferences': () => ({
        body: { push: true, email: true, quietHours: null },
      }),
    });
    await renderApp(<Component />, { path: '/account' });
    const profile = screen.getByRole('tabpanel', { name: 'Profile' });
    const alerts = within(profile).getByRole('region', { name: 'Alerts' });
    expect(
      await within(alerts).findByRole('button', { name: 'Enable alerts on this device' }),
    ).toBeInTheDocument();
    expect(within(alerts).getByRole('heading', { level: 3 })).toHaveTextContent(
      'Alerts on this device',
    );
    expect(
      await within(alerts).findByRole('switch', { name: 'Push notifications' }),
    ).toBeInTheDocument();
  });
});
