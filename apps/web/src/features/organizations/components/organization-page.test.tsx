import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type FetchCall } from '../../../test/api-mock.ts';
import { fakeAuth, renderApp } from '../../../test/kit.tsx';
import { auditEntry, makeOrganizationDetail, userMe } from '../../../test/organization-fixtures.ts';
import { OrganizationPage } from './organization-page.tsx';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

const routes = [
  { path: '/organizations/:id', element: <OrganizationPage organizationId="org-sunrise" /> },
  { path: '*', element: <Where /> },
];

type Answer = { status?: number; body?: unknown };

/** The API as `email` (owner Asha, admin Vikram or member Ravi) sees Sunrise School. */
function api(
  email: string,
  role: 'owner' | 'admin' | 'member',
  extra: Record<string, (call: FetchCall) => Answer> = {},
) {
  return mockApi({
    'GET /user/me': () => ({ body: userMe(email, role === 'owner' ? 'BUSINESS' : 'FREE') }),
    'GET /organizations/org-sunrise': () => ({ body: makeOrganizationDetail({ role }) }),
    'GET /organizations/org-sunrise/audit': (call) =>
      new URL(call.url, 'http://localhost').searchParams.get('before') === '3'
        ? {
            body: {
              entries: [
                auditEntry(2, 'organization.created'),
                auditEntry(1, 'member.joined', { data: { role: 'owner' } }),
              ],
              nextBefore: null,
            },
          }
        : {
            body: {
              entries: [
                auditEntry(5, 'invitation.created', {
                  target: 'teacher@sunrise.in',
                  data: { role: 'member' },
                }),
                auditEntry(4, 'qr.bulk_created', { data: { count: 30, type: 'CHILD' } }),
                auditEntry(3, 'member.role_changed', {
                  actor: null,
                  target: 'vikram@sunrise.in',
                  data: { from: 'member', to: 'admin' },
                }),
              ],
              nextBefore: 3,
            },
          },
    ...extra,
  });
}

const render = (email: string, language: 'en' | 'hi' = 'en') =>
  renderApp(null, {
    routes,
    route: '/organizations/org-sunrise',
    language,
    auth: fakeAuth({ profile: { email } }),
  });

describe('the organisation page', () => {
  it.each([
    [
      'en',
      [
        'asha@sunrise.in invited teacher@sunrise.in as member',
        'asha@sunrise.in created 30 QR codes from a CSV file',
        'A deleted account made vikram@sunrise.in admin',
      ],
      ['asha@sunrise.in created the organisation', 'asha@sunrise.in joined as owner'],
      'Load more',
    ],
    [
      'hi',
      [
        'asha@sunrise.in ने teacher@sunrise.in को सदस्य के रूप में आमंत्रित किया',
        'asha@sunrise.in ने CSV फ़ाइल से 30 QR कोड बनाए',
        'एक मिटाए गए खाते ने vikram@sunrise.in को एडमिन बनाया',
      ],
      ['asha@sunrise.in ने संगठन बनाया', 'asha@sunrise.in मालिक के रूप में शामिल हुए'],
      'और दिखाएँ',
    ],
  ] as const)(
    '(%s) shows the owner the activity as sentences, newest first, and loads older entries',
    async (language, first, older, loadMore) => {
      const calls = api('asha@sunrise.in', 'owner');
      await render('asha@sunrise.in', language);
      const activity = await screen.findByRole('region', {
        name: language === 'en' ? 'Activity' : 'गतिविधि',
      });
      const list = await within(activity).findByRole('list');
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.firstChild?.textContent),
      ).toEqual(first);
      fireEvent.click(within(activity).getByRole('button', { name: loadMore }));
      await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
      expect(
        within(list)
          .getAllByRole('listitem')
          .slice(3)
          .map((item) => item.firstChild?.textContent),
      ).toEqual(older);
      expect(within(activity).queryByRole('button', { name: loadMore })).toBeNull();
      const audits = calls.filter((call) => call.path === '/organizations/org-sunrise/audit');
      expect(audits.map((call) => new URL(call.url, 'http://x').search)).toEqual([
        '?limit=20',
        '?limit=20&before=3',
      ]);
    },
  );

  it('lets an admin change a role, remove a member and withdraw an invitation', async () => {
    const calls = api('asha@sunrise.in', 'owner', {
      'PATCH /organizations/org-sunrise/members/u-ravi': (call) => ({
        body: {
          userId: 'u-ravi',
          email: 'ravi@sunrise.in',
          role: (call.body as { role: string }).role,
          joinedAt: '2026-11-03T04:30:00.000Z',
        },
      }),
      'DELETE /organizations/org-sunrise/members/u-vikram': () => ({ status: 204 }),
      'DELETE /organizations/org-sunrise/invitations/inv-1': () => ({ status: 204 }),
    });
    await render('asha@sunrise.in');
    const table = await screen.findByRole('table', { name: 'Members of Sunrise School' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.firstChild?.textContent)).toEqual([
      'asha@sunrise.in(you)Joined 1 Nov 2026',
      'vikram@sunrise.inJoined 2 Nov 2026',
      'ravi@sunrise.inJoined 3 Nov 2026',
    ]);
    // The owner's own row has neither a role choice nor Remove.
    expect(within(rows[0]).queryByRole('combobox')).toBeNull();
    expect(within(rows[0]).queryByRole('button')).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'Role of ravi@sunrise.in' }), {
      target: { value: 'admin' },
    });
    expect(await screen.findByText('ravi@sunrise.in is now admin.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ role: 'admin' });

    fireEvent.click(screen.getByRole('button', { name: 'Remove vikram@sunrise.in' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove vikram@sunrise.in?' });
    expect(confirm).toHaveTextContent(
      'They will no longer see the organisation’s codes or get their alerts.',
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('vikram@sunrise.in was removed.')).toBeInTheDocument();

    const invitations = screen.getByRole('region', { name: 'Open invitations' });
    expect(invitations).toHaveTextContent('teacher@sunrise.in');
    expect(invitations).toHaveTextContent('Member · open until 27 Nov 2026');
    fireEvent.click(
      within(invitations).getByRole('button', {
        name: 'Withdraw the invitation to teacher@sunrise.in',
      }),
    );
    expect(
      await screen.findByText('The invitation to teacher@sunrise.in was withdrawn.'),
    ).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/organizations/org-sunrise/members/u-vikram',
      '/organizations/org-sunrise/invitations/inv-1',
    ]);
    // The owner cannot leave, but can delete the organisation.
    expect(screen.queryByRole('button', { name: 'Leave organisation' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete organisation' })).toBeInTheDocument();
  });

  it.each([
    [
      'en',
      'Leave organisation',
      'Leave Sunrise School?',
      'You left Sunrise School.',
      'Your role: Member',
    ],
    [
      'hi',
      'संगठन छोड़ें',
      'क्या Sunrise School छोड़ना है?',
      'आपने Sunrise School छोड़ दिया।',
      'आपकी भूमिका: सदस्य',
    ],
  ] as const)(
    '(%s) shows a member the team without admin controls, and lets them leave after confirming',
    async (language, leave, question, done, member) => {
      const calls = api('ravi@sunrise.in', 'member', {
        'DELETE /organizations/org-sunrise/members/u-ravi': () => ({ status: 204 }),
        'GET /organizations': () => ({ body: [] }),
      });
      await render('ravi@sunrise.in', language);
      const table = await screen.findByRole('table');
      expect(within(table).getAllByRole('row')).toHaveLength(4);
      const heading = screen.getByRole('heading', { level: 1, name: 'Sunrise School' });
      expect(heading.parentElement).toHaveTextContent(member);
      // No role choices, no Remove, no name form, no invite form, no invitations, no activity.
      expect(screen.queryByRole('combobox')).toBeNull();
      expect(screen.queryAllByRole('button', { name: /Remove|हटाएँ/ })).toHaveLength(0);
      expect(screen.queryByRole('textbox')).toBeNull();
      expect(screen.queryByRole('form')).toBeNull();
      expect(
        screen.queryByRole('region', { name: language === 'en' ? 'Activity' : 'गतिविधि' }),
      ).toBeNull();
      expect(calls.some((call) => call.path.endsWith('/audit'))).toBe(false);
      expect(screen.queryByRole('button', { name: /Delete organisation|संगठन हटाएँ/ })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: leave }));
      const dialog = await screen.findByRole('dialog', { name: question });
      fireEvent.click(within(dialog).getByRole('button', { name: leave }));
      await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/));
      expect(await screen.findByText(done)).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
        '/organizations/org-sunrise/members/u-ravi',
      );
    },
  );

  it('says when the organisation cannot be opened, by the error code', async () => {
    mockApi({
      'GET /organizations/org-sunrise': () => ({
        status: 404,
        body: { code: 'ORGANIZATION_NOT_FOUND', message: 'Organisation not found.' },
      }),
    });
    await render('x@example.com', 'hi');
    expect(await screen.findByRole('alert')).toHaveTextContent('संगठन नहीं मिला।');
  });
});

describe('the invite form', () => {
  it.each([
    [
      'en',
      ['E-mail address', 'Role', 'Send invitation'],
      'Enter a valid e-mail address',
      'This field must be at most 254 characters',
      'This person is already a member of the organisation.',
      'Invitation sent to teacher@sunrise.in.',
    ],
    [
      'hi',
      ['ई-मेल पता', 'भूमिका', 'निमंत्रण भेजें'],
      'मान्य ई-मेल पता दर्ज करें',
      'यह फ़ील्ड अधिकतम 254 अक्षरों का हो सकता है',
      'यह व्यक्ति पहले से इस संगठन का सदस्य है।',
      'teacher@sunrise.in को निमंत्रण भेजा गया।',
    ],
  ] as const)(
    '(%s) shows the schema’s and the API’s field messages under the field, other refusals above',
    async (language, [emailLabel, roleLabel, send], invalid, tooLong, already, sent) => {
      let answer: Answer = {
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: 'Validation failed',
          fields: { email: 'This field must be at most 254 characters' },
        },
      };
      const calls = api('asha@sunrise.in', 'owner', {
        'POST /organizations/org-sunrise/invitations': () => answer,
      });
      await render('asha@sunrise.in', language);
      const email = await screen.findByLabelText(emailLabel);
      const role = screen.getByLabelText(roleLabel);
      const submit = screen.getByRole('button', { name: send });

      // The schema first: nothing is sent.
      fireEvent.change(email, { target: { value: 'teacher@' } });
      fireEvent.click(submit);
      expect(await screen.findByText(invalid)).toBeInTheDocument();
      expect(email).toHaveAttribute('aria-invalid', 'true');
      expect(email).toHaveAccessibleDescription(invalid);
      expect(calls.some((call) => call.method === 'POST')).toBe(false);

      // The API's field message, in the page's language, under the field.
      fireEvent.change(email, { target: { value: 'Teacher@Sunrise.in' } });
      fireEvent.change(role, { target: { value: 'admin' } });
      fireEvent.click(submit);
      expect(await screen.findByText(tooLong)).toBeInTheDocument();
      expect(email).toHaveAccessibleDescription(tooLong);
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        email: 'teacher@sunrise.in',
        role: 'admin',
      });

      // A refusal of the whole request shows above the form, by its code.
      answer = {
        status: 409,
        body: { code: 'ALREADY_MEMBER', message: 'This person is already a member.' },
      };
      fireEvent.click(submit);
      expect(await screen.findByRole('alert')).toHaveTextContent(already);

      answer = {
        status: 201,
        body: {
          id: 'inv-2',
          email: 'teacher@sunrise.in',
          role: 'admin',
          createdAt: '2026-11-21T04:30:00.000Z',
          expiresAt: '2026-11-28T04:30:00.000Z',
        },
      };
      fireEvent.click(submit);
      expect(await screen.findByText(sent)).toBeInTheDocument();
      await waitFor(() => expect(email).toHaveValue(''));
    },
  );
});
