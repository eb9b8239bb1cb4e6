import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { GuardianConfirmPage } from './guardian-confirm-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'abcdefghijklmnopqrstuv';

const open = (route: string, language: 'en' | 'hi' = 'en') =>
  renderApp(null, {
    language,
    auth: fakeAuth({ signedIn: false }),
    route,
    routes: [{ path: '/guardians/confirm', element: <GuardianConfirmPage /> }],
  });

describe('/guardians/confirm', () => {
  it('sends the token once on load, without sign-in, and says whose alerts come now', async () => {
    const calls = stubFetch(() => ({ body: { qrName: 'Blue suitcase' } }));
    await open(`/guardians/confirm?token=${TOKEN}`);
    expect(
      await screen.findByText('You will now get alerts when Blue suitcase is scanned.'),
    ).toHaveAttribute('role', 'status');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/guardians/confirm',
      body: { token: TOKEN },
    });
    expect(calls[0].headers.authorization).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('explains an expired or used invitation, in Hindi too', async () => {
    stubFetch(() => ({ status: 400, body: { code: 'GUARDIAN_LINK_INVALID', message: 'x' } }));
    await open(`/guardians/confirm?token=${TOKEN}`, 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'यह आमंत्रण लिंक अमान्य है या समाप्त हो गया है। मालिक से आपको फिर से आमंत्रित करने को कहें।',
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('अभिभावक आमंत्रण');
  });

  it('says the link is invalid, asking nothing, when its token is missing or cut short', async () => {
    const calls = stubFetch(() => ({ body: { qrName: 'x' } }));
    const view = await open('/guardians/confirm?token=abc');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation link is invalid or has expired. Ask the owner to invite you again.',
    );
    view.unmount();
    await open('/guardians/confirm');
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation link is invalid');
    expect(calls).toEqual([]);
  });

  it('shows other failures by their code', async () => {
    stubFetch(() => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'x' } }));
    await open(`/guardians/confirm?token=${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The service is not available right now. Please try again shortly.',
    );
  });
});
