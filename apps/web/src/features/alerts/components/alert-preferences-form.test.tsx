import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type FetchCall } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { AlertPreferencesForm } from './alert-preferences-form.tsx';

afterEach(() => vi.unstubAllGlobals());

const me = (emailVerified = true) => ({
  email: 'owner@example.com',
  emailVerified,
  phone: null,
  plan: 'FREE',
  ownedPlan: 'FREE',
  paidPlan: null,
  paidPeriod: null,
  planExpiresAt: null,
  groups: [],
});

function serve(
  preferences: unknown,
  { verified = true, put }: { verified?: boolean; put?: (call: FetchCall) => unknown } = {},
) {
  return mockApi({
    'GET /user/me': () => ({ body: me(verified) }),
    'GET /user/alert-preferences': () => ({ body: preferences }),
    'PUT /user/alert-preferences': (call) =>
      (put?.(call) as { status: number; body: unknown } | undefined) ?? { body: call.body },
  });
}

const puts = (calls: FetchCall[]) => calls.filter((call) => call.method === 'PUT');

describe('the alert settings form', () => {
  it('shows the saved settings and saves a change with quiet hours from 22:00 to 07:00', async () => {
    const calls = serve({ push: true, email: false, quietHours: null });
    const user = userEvent.setup();
    await renderApp(<AlertPreferencesForm />);
    const push = await screen.findByRole('switch', { name: 'Push notifications' });
    const email = screen.getByRole('switch', { name: 'E-mail' });
    const quiet = screen.getByRole('switch', { name: 'Quiet hours' });
    expect(push).toHaveAttribute('aria-checked', 'true');
    expect(email).toHaveAttribute('aria-checked', 'false');
    expect(quiet).toHaveAttribute('aria-checked', 'false');
    expect(quiet).toHaveAccessibleDescription(
      'During quiet hours only lost-mode and location alerts are sent (India time).',
    );
    expect(screen.queryByLabelText('From')).toBeNull();

    await user.click(email);
    await user.click(quiet);
    expect(screen.getByLabelText('From')).toHaveValue('22:00');
    expect(screen.getByLabelText('Until')).toHaveValue('07:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Alert settings saved.')).toHaveAttribute('role', 'status');
    expect(puts(calls).map((call) => call.body)).toEqual([
      { push: true, email: true, quietHours: { start: '22:00', end: '07:00' } },
    ]);
  });

  it('edits saved quiet hours and turns them off', async () => {
    const calls = serve({ push: false, email: true, quietHours: { start: '23:30', end: '06:15' } });
    const user = userEvent.setup();
    await renderApp(<AlertPreferencesForm />);
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('23:30');
    expect(screen.getByLabelText('Until')).toHaveValue('06:15');
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Alert settings saved.');
    expect(puts(calls)[0].body).toEqual({ push: false, email: true, quietHours: null });
  });

  it('asks for both times of quiet hours before saving', async () => {
    const calls = serve({ push: true, email: true, quietHours: { start: '22:00', end: '07:00' } });
    const user = userEvent.setup();
    await renderApp(<AlertPreferencesForm />);
    await user.clear(await screen.findByLabelText('Until'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('Until')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Until')).toHaveAccessibleDescription('Invalid value');
    expect(puts(calls)).toEqual([]);
  });

  it('says next to E-mail that alerts go only to a confirmed address while it is not', async () => {
    serve({ push: true, email: true, quietHours: null }, { verified: false });
    await renderApp(<AlertPreferencesForm />, { auth: fakeAuth() });
    expect(
      await screen.findByText(
        'E-mail alerts go only to a confirmed address, and yours is not confirmed yet.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'E-mail' })).toHaveAccessibleDescription(
      'E-mail alerts go only to a confirmed address, and yours is not confirmed yet.',
    );
  });

  it('names the address alerts go to once it is confirmed', async () => {
    serve({ push: true, email: true, quietHours: null });
    await renderApp(<AlertPreferencesForm />);
    expect(await screen.findByText('To owner@example.com.')).toBeInTheDocument();
  });

  it("shows a failed save by the answer's code, and a failed load", async () => {
    serve(
      { push: true, email: true, quietHours: null },
      { put: () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }) },
    );
    const user = userEvent.setup();
    const view = await renderApp(<AlertPreferencesForm />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is not available right now. Please try again shortly.',
    );
    expect(screen.queryByText('Alert settings saved.')).toBeNull();
    view.unmount();

    mockApi({});
    await renderApp(<AlertPreferencesForm />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
  });

  it('speaks Hindi', async () => {
    serve({ push: true, email: true, quietHours: { start: '22:00', end: '07:00' } });
    await renderApp(<AlertPreferencesForm />, { language: 'hi' });
    const form = await screen.findByRole('form', { name: 'अलर्ट सेटिंग्स' });
    expect(within(form).getByRole('switch', { name: 'पुश सूचनाएँ' })).toBeInTheDocument();
    expect(within(form).getByRole('switch', { name: 'शांत समय' })).toBeInTheDocument();
    expect(within(form).getByLabelText('से')).toHaveValue('22:00');
    expect(form).toHaveTextContent(
      'शांत समय में केवल खोई वस्तु (लॉस्ट मोड) और लोकेशन वाले अलर्ट भेजे जाते हैं (भारतीय समय)।',
    );
    expect(within(form).getByRole('button', { name: 'सहेजें' })).toBeInTheDocument();
  });
});
