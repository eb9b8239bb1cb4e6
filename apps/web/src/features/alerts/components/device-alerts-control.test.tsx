import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderApp } from '../../../test/kit.tsx';
import {
  ENDPOINT,
  VAPID_KEY,
  removePushDevice,
  stubPushDevice,
  subscriptionJson,
} from '../../../test/push-device.ts';
import { keyBytes } from '../lib/push-device.ts';
import { DeviceAlertsControl } from './device-alerts-control.tsx';

afterEach(() => {
  removePushDevice();
  vi.unstubAllGlobals();
});

const UNSUPPORTED = 'This browser cannot show alerts. You will still get alerts by e-mail.';

const saved = () =>
  mockApi({
    'POST /push-subscriptions': () => ({ status: 201, body: {} }),
    'DELETE /push-subscriptions': () => ({ status: 204 }),
  });

describe('the alerts control of this device', () => {
  it('says the browser cannot show alerts when it has no Web Push, with no button', async () => {
    removePushDevice();
    await renderApp(<DeviceAlertsControl />);
    expect(await screen.findByText(UNSUPPORTED)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so too when the server has no push key', async () => {
    stubPushDevice({ vapidPublicKey: null });
    await renderApp(<DeviceAlertsControl />);
    expect(await screen.findByText(UNSUPPORTED)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('explains how to allow notifications once they are blocked', async () => {
    stubPushDevice({ permission: 'denied' });
    await renderApp(<DeviceAlertsControl />);
    expect(await screen.findByText(/Notifications are blocked for this site/)).toHaveTextContent(
      /set Notifications to Allow, then reload this page/,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('asks permission, registers the worker, subscribes with the server key and sends it', async () => {
    const device = stubPushDevice();
    const calls = saved();
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    await user.click(await screen.findByRole('button', { name: 'Enable alerts on this device' }));

    expect(await screen.findByText('Alerts are on for this device')).toBeInTheDocument();
    expect(device.requestPermission).toHaveBeenCalledOnce();
    expect(device.register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(device.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(VAPID_KEY),
    });
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/push-subscriptions',
        body: subscriptionJson,
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Turn off on this device' })).toBeEnabled();
  });

  it('turns alerts off: the server forgets the device and the browser unsubscribes', async () => {
    const device = stubPushDevice({ permission: 'granted', isSubscribed: true });
    const calls = saved();
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    expect(await screen.findByText('Alerts are on for this device')).toHaveAttribute(
      'role',
      'status',
    );
    await user.click(screen.getByRole('button', { name: 'Turn off on this device' }));

    expect(
      await screen.findByRole('button', { name: 'Enable alerts on this device' }),
    ).toBeEnabled();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/push-subscriptions',
        body: { endpoint: ENDPOINT },
      }),
    ]);
    expect(device.unsubscribe).toHaveBeenCalledOnce();
    expect(device.isSubscribed()).toBe(false);
  });

  it('disables the button while busy', async () => {
    stubPushDevice();
    let answer!: () => void;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = () => resolve(new Response('{}', { status: 201 }));
          }),
      ),
    );
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    const button = await screen.findByRole('button', { name: 'Enable alerts on this device' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    answer();
    expect(await screen.findByText('Alerts are on for this device')).toBeInTheDocument();
  });

  it("shows the server's refusal by its code and leaves the device unsubscribed", async () => {
    const device = stubPushDevice();
    mockApi({
      'POST /push-subscriptions': () => ({
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'x', fields: { endpoint: 'Invalid value' } },
      }),
    });
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    await user.click(await screen.findByRole('button', { name: 'Enable alerts on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Invalid request: please check the highlighted fields.',
    );
    expect(device.isSubscribed()).toBe(false);
    expect(screen.getByRole('button', { name: 'Enable alerts on this device' })).toBeEnabled();
  });

  it('says the browser could not turn alerts on when its push service refuses', async () => {
    const device = stubPushDevice();
    device.subscribe.mockRejectedValueOnce(new DOMException('push service error', 'AbortError'));
    const calls = saved();
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    await user.click(await screen.findByRole('button', { name: 'Enable alerts on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This browser could not turn alerts on. Try again later; you will still get alerts by e-mail.',
    );
    expect(calls).toEqual([]);
    expect(screen.getByRole('button', { name: 'Enable alerts on this device' })).toBeEnabled();
  });

  it('stays off, and says how, when the permission prompt is closed without a choice', async () => {
    const device = stubPushDevice({ requestAnswer: 'default' });
    const calls = saved();
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    await user.click(await screen.findByRole('button', { name: 'Enable alerts on this device' }));
    expect(
      await screen.findByText(
        'Notifications were not allowed. Press the button again and choose Allow.',
      ),
    ).toHaveAttribute('role', 'status');
    expect(device.register).not.toHaveBeenCalled();
    expect(calls).toEqual([]);
  });

  it('says blocked when the prompt is answered Block', async () => {
    stubPushDevice({ requestAnswer: 'denied' });
    const user = userEvent.setup();
    await renderApp(<DeviceAlertsControl />);
    await user.click(await screen.findByRole('button', { name: 'Enable alerts on this device' }));
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('speaks Hindi in each state', async () => {
    removePushDevice();
    const view = await renderApp(<DeviceAlertsControl />, { language: 'hi' });
    expect(
      await screen.findByText('यह ब्राउज़र अलर्ट नहीं दिखा सकता। आपको अलर्ट ई-मेल से मिलते रहेंगे।'),
    ).toHaveAttribute('role', 'status');
    view.unmount();

    stubPushDevice({ permission: 'granted', isSubscribed: true });
    await renderApp(<DeviceAlertsControl />, { language: 'hi' });
    expect(await screen.findByText('इस डिवाइस पर अलर्ट चालू हैं')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'इस डिवाइस पर बंद करें' })).toBeInTheDocument();
  });
});
