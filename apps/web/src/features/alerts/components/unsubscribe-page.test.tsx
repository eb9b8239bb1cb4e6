import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { UnsubscribePage } from './unsubscribe-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnopqrstuv';

const open = (route: string, language: 'en' | 'hi' = 'en') =>
  renderApp(null, {
    language,
    auth: fakeAuth({ signedIn: false }),
    route,
    routes: [{ path: '/alerts/unsubscribe', element: <UnsubscribePage /> }],
  });

describe('/alerts/unsubscribe', () => {
  it('does nothing on load; Stop these alerts sends the token and says which alerts end', async () => {
    const calls = stubFetch(() => ({ body: { qrName: 'Red Swift' } }));
    const user = userEvent.setup();
    await open(`/alerts/unsubscribe?token=${TOKEN}`);
    const stop = await screen.findByRole('button', { name: 'Stop these alerts' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);

    await user.click(stop);
    expect(await screen.findByText('You will no longer get alerts for Red Swift.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/alerts/unsubscribe',
      body: { token: TOKEN },
    });
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Stop these alerts' })).toBeNull();
  });

  it('explains an invalid link, in Hindi too, and offers no button then', async () => {
    stubFetch(() => ({ status: 400, body: { code: 'UNSUBSCRIBE_LINK_INVALID', message: 'x' } }));
    const user = userEvent.setup();
    await open(`/alerts/unsubscribe?token=${TOKEN}`, 'hi');
    await user.click(await screen.findByRole('button', { name: 'ये अलर्ट बंद करें' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह सदस्यता समाप्त करने का लिंक अमान्य है।',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps the button after a failure worth trying again', async () => {
    stubFetch(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }));
    const user = userEvent.setup();
    await open(`/alerts/unsubscribe?token=${TOKEN}`);
    await user.click(await screen.findByRole('button', { name: 'Stop these alerts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is not available right now. Please try again shortly.',
    );
    expect(screen.getByRole('button', { name: 'Stop these alerts' })).toBeEnabled();
  });

  it('says the link is invalid when it has no token', async () => {
    const calls = stubFetch(() => ({ body: { qrName: 'x' } }));
    await open('/alerts/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent('This unsubscribe link is invalid.');
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });
});
