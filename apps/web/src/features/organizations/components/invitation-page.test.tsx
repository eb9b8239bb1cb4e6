import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthContextProps } from 'react-oidc-context';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { makeOrganization } from '../../../test/organization-fixtures.ts';
import { InvitationPage } from './invitation-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const onRegister = vi.fn();
const routes = [
  {
    path: '/invitations/:token',
    element: <InvitationPage token="tok-123" onRegister={onRegister} />,
  },
  { path: '*', element: <Where /> },
];

const preview = (state: 'open' | 'accepted' | 'expired' | 'revoked') => ({
  organizationName: 'Sunrise School',
  email: 'teacher@sunrise.in',
  role: 'member',
  state,
  expiresAt: '2026-11-27T04:30:00.000Z',
});

const render = (language: 'en' | 'hi', auth: AuthContextProps) =>
  renderApp(null, { routes, route: '/invitations/tok-123', language, auth });

describe('/invitations/{token}', () => {
  it.each([
    [
      'en',
      'Sunrise School invites you to join as member',
      'This invitation was sent to teacher@sunrise.in.',
      'Sign in to accept',
      'Create an account',
    ],
    [
      'hi',
      'Sunrise School आपको सदस्य के रूप में जुड़ने के लिए आमंत्रित करता है',
      'यह निमंत्रण teacher@sunrise.in को भेजा गया था।',
      'स्वीकार करने के लिए साइन इन करें',
      'खाता बनाएँ',
    ],
  ] as const)(
    '(%s) signed out: shows the offer and signs in or registers, coming back to this page',
    async (language, heading, sentTo, signIn, register) => {
      const calls = mockApi({ 'GET /invitations/tok-123': () => ({ body: preview('open') }) });
      const signinRedirect = vi.fn(() => Promise.resolve());
      onRegister.mockClear();
      await render(language, {
        ...fakeAuth({ signedIn: false }),
        signinRedirect,
      } as AuthContextProps);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(screen.getByText(sentTo)).toBeInTheDocument();
      // The preview needs no token.
      expect(calls[0].headers.authorization).toBeUndefined();
      expect(screen.queryByRole('button', { name: /Accept|स्वीकार करें$/ })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: signIn }));
      expect(signinRedirect).toHaveBeenLastCalledWith({
        state: { returnTo: '/invitations/tok-123' },
      });
      expect(onRegister).not.toHaveBeenCalled();
      fireEvent.click(screen.getByRole('button', { name: register }));
      expect(onRegister).toHaveBeenCalledTimes(1);
      expect(signinRedirect).toHaveBeenCalledTimes(2);
      expect(signinRedirect).toHaveBeenLastCalledWith({
        state: { returnTo: '/invitations/tok-123' },
      });
    },
  );

  it.each([
    [
      'en',
      'Accept invitation',
      'You are signed in as teacher@sunrise.in.',
      'You joined Sunrise School.',
    ],
    [
      'hi',
      'निमंत्रण स्वीकार करें',
      'आप teacher@sunrise.in के रूप में साइन इन हैं।',
      'आप Sunrise School से जुड़ गए।',
    ],
  ] as const)(
    '(%s) signed in: accepts and lands on the organisation’s dashboard',
    async (language, accept, signedInAs, joined) => {
      const calls = mockApi({
        'GET /invitations/tok-123': () => ({ body: preview('open') }),
        'POST /invitations/tok-123/accept': () => ({
          body: makeOrganization({ id: 'org-sunrise', role: 'member' }),
        }),
      });
      await render(language, fakeAuth({ profile: { email: 'teacher@sunrise.in' } }));
      expect(await screen.findByText(signedInAs)).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: accept }));
      await waitFor(() =>
        expect(screen.getByTestId('where')).toHaveTextContent('/dashboard?org=org-sunrise'),
      );
      expect(await screen.findByText(joined)).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
        '/invitations/tok-123/accept',
      ]);
    },
  );

  it('says so when the invitation closed between opening and accepting', async () => {
    mockApi({
      'GET /invitations/tok-123': () => ({ body: preview('open') }),
      'POST /invitations/tok-123/accept': () => ({
        status: 410,
        body: { code: 'INVITATION_CLOSED', message: 'closed' },
      }),
    });
    await render('en', fakeAuth());
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation has expired, was withdrawn or was already used. Ask the organisation for a new one.',
    );
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull();
  });

  it.each([
    ['en', 'expired', 'This invitation has expired', 'Ask Sunrise School to send you a new one.'],
    [
      'en',
      'revoked',
      'This invitation was withdrawn',
      'Sunrise School withdrew it. Ask them if you should still join.',
    ],
    [
      'en',
      'accepted',
      'This invitation was already used',
      'It has been accepted. If that was you, Sunrise School is on your dashboard.',
    ],
    ['hi', 'expired', 'यह निमंत्रण समाप्त हो गया है', 'Sunrise School से नया निमंत्रण भेजने को कहें।'],
    [
      'hi',
      'revoked',
      'यह निमंत्रण वापस ले लिया गया',
      'Sunrise School ने इसे वापस ले लिया। पूछें कि क्या आपको अब भी जुड़ना चाहिए।',
    ],
    [
      'hi',
      'accepted',
      'यह निमंत्रण पहले ही इस्तेमाल हो चुका है',
      'इसे स्वीकार किया जा चुका है। अगर वह आप थे, तो Sunrise School आपके डैशबोर्ड पर है।',
    ],
  ] as const)(
    '(%s) a %s invitation says why it cannot be accepted',
    async (language, state, title, text) => {
      mockApi({ 'GET /invitations/tok-123': () => ({ body: preview(state) }) });
      await render(language, fakeAuth());
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.queryAllByRole('button')).toHaveLength(0);
    },
  );

  it.each([
    [
      'en',
      'Invitation not found',
      'This link is not valid. Check that you opened the whole link from the e-mail.',
      'Go to Home',
    ],
    [
      'hi',
      'निमंत्रण नहीं मिला',
      'यह लिंक मान्य नहीं है। जाँचें कि आपने ई-मेल का पूरा लिंक खोला है।',
      'होम पर जाएँ',
    ],
  ] as const)(
    '(%s) an unknown token says the link is not valid',
    async (language, title, text, home) => {
      mockApi({
        'GET /invitations/tok-123': () => ({
          status: 404,
          body: { code: 'INVITATION_NOT_FOUND', message: 'This invitation does not exist.' },
        }),
      });
      await render(language, fakeAuth({ signedIn: false }));
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(text);
      expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', '/');
    },
  );
});
