import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, type FetchCall } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { makeOrganization, userMe } from '../../test/organization-fixtures.ts';
import { makeQr } from '../../test/qr-fixtures.ts';
import { Component } from './dashboard.tsx';

afterEach(() => vi.unstubAllGlobals());

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

/** The dashboard, with the current address printed below it. */
const dashboardRoutes = [
  {
    path: '/dashboard',
    element: (
      <>
        <Component />
        <Where />
      </>
    ),
  },
  { path: '*', element: <Where /> },
];

const sunrise = makeOrganization({ id: 'org-sunrise', name: 'Sunrise School', role: 'member' });
const fleet = makeOrganization({ id: 'org-fleet', name: 'City Taxi Fleet', role: 'admin' });
const personalCode = makeQr({ type: 'PERSON', id: 'mine-1' });
const schoolCode = {
  ...makeQr({ type: 'CHILD', id: 'school-1' }),
  organizationId: 'org-sunrise',
  role: 'member',
};
const fleetCode = {
  ...makeQr({ type: 'VEHICLE', id: 'fleet-1' }),
  organizationId: 'org-fleet',
  role: 'admin',
};

/** The API of a user in both organisations, on `plan`. */
function api(
  plan: 'FREE' | 'BUSINESS' = 'FREE',
  extra: Record<string, (call: FetchCall) => object> = {},
) {
  return mockApi({
    'GET /user/me': () => ({ body: userMe('ravi@sunrise.in', plan) }),
    'GET /organizations': () => ({ body: [sunrise, fleet] }),
    'GET /qr-codes/': (call) => {
      const organizationId = new URL(call.url, 'http://localhost').searchParams.get(
        'organizationId',
      );
      if (organizationId === 'org-sunrise') return { body: [schoolCode] };
      if (organizationId === 'org-fleet') return { body: [fleetCode] };
      return { body: [personalCode] };
    },
    'GET /scans/': () => ({ body: { items: [], total: 0, page: 1, pageSize: 5 } }),
    ...extra,
  });
}

describe('/dashboard: personal and organisation codes', () => {
  it.each([
    ['en', 'Show the codes of', 'Personal', 'Your role', 'Member', 'Organisation page'],
    ['hi', 'इनके कोड दिखाएँ', 'निजी', 'आपकी भूमिका', 'सदस्य', 'संगठन पेज'],
  ] as const)(
    '(%s) switches to an organisation through ?org=, lists its codes and shows a member no create buttons',
    async (language, navName, personal, yourRole, member, pageLink) => {
      const calls = api();
      await renderApp(null, { routes: dashboardRoutes, route: '/dashboard', language });
      const nav = await screen.findByRole('navigation', { name: navName });
      await within(nav).findByRole('link', { name: 'Sunrise School' });
      const links = within(nav).getAllByRole('link');
      expect(links.map((link) => link.textContent)).toEqual([
        personal,
        'Sunrise School',
        'City Taxi Fleet',
      ]);
      expect(within(nav).getByRole('link', { name: personal })).toHaveAttribute(
        'aria-current',
        'page',
      );
      expect(await screen.findByRole('link', { name: 'Kamala Iyer' })).toBeInTheDocument();

      fireEvent.click(within(nav).getByRole('link', { name: 'Sunrise School' }));
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard?org=org-sunrise');
      expect(within(nav).getByRole('link', { name: 'Sunrise School' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      const summary = await screen.findByRole('region', { name: 'Sunrise School' });
      expect(summary).toHaveTextContent(`${yourRole}: ${member}`);
      expect(within(summary).getByRole('link', { name: pageLink })).toHaveAttribute(
        'href',
        '/organizations/org-sunrise',
      );
      expect(await screen.findByRole('link', { name: 'Asha' })).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Kamala Iyer' })).toBeNull();
      expect(
        calls.some(
          (call) => call.path === '/qr-codes/' && call.url.endsWith('?organizationId=org-sunrise'),
        ),
      ).toBe(true);
      await waitFor(() =>
        expect(
          calls.some(
            (call) => call.path === '/scans/' && call.url.includes('organizationId=org-sunrise'),
          ),
        ).toBe(true),
      );

      // A member reads: no Create, no Bulk create, no visibility switch on the tile.
      const createLabel = language === 'en' ? 'Create New QR' : 'नया QR बनाएँ';
      const bulkLabel = language === 'en' ? 'Bulk create' : 'बल्क में बनाएँ';
      expect(screen.queryByRole('button', { name: createLabel })).toBeNull();
      expect(screen.queryByRole('link', { name: bulkLabel })).toBeNull();
      expect(screen.queryByRole('switch')).toBeNull();
    },
  );

  it('lets an admin create a code and bulk-create for the organisation', async () => {
    const calls = api('FREE', {
      'POST /qr-codes/': (call) => ({
        status: 201,
        body: { ...fleetCode, id: 'fleet-2', details: (call.body as { details: object }).details },
      }),
    });
    await renderApp(null, { routes: dashboardRoutes, route: '/dashboard?org=org-fleet' });
    await screen.findByRole('region', { name: 'City Taxi Fleet' });
    expect(await screen.findByRole('switch', { name: /Public:/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Bulk create' })).toHaveAttribute(
      'href',
      '/dashboard/bulk?org=org-fleet',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create New QR' }));
    fireEvent.click(await screen.findByRole('button', { name: /Luggage/ }));
    for (const [label, value] of Object.entries({
      'Luggage Description': 'Guest trolley',
      'Owner Name': 'Desk',
      'Owner Phone': '9000011111',
      'Emergency Name': 'Manager',
      'Emergency Phone': '9876543210',
    })) {
      fireEvent.change(await screen.findByLabelText(label), { target: { value } });
    }
    fireEvent.click(screen.getByRole('button', { name: 'Create QR' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/qr-data/fleet-2'));
    const create = calls.find((call) => call.method === 'POST' && call.path === '/qr-codes/');
    expect(create?.body).toMatchObject({ type: 'LUGGAGE', organizationId: 'org-fleet' });
  });

  it('says so when ?org= names an organisation the user is not in, with a way back', async () => {
    api();
    await renderApp(null, { routes: dashboardRoutes, route: '/dashboard?org=org-other' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Organisation not found.');
    expect(alert).toHaveTextContent(
      'You are not a member of this organisation, or it no longer exists.',
    );
    fireEvent.click(within(alert).getByRole('link', { name: 'Show my personal codes' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/dashboard$/);
  });

  it.each([
    ['en', 'New organisation', 'Organisation name', 'Create organisation'],
    ['hi', 'नया संगठन', 'संगठन का नाम', 'संगठन बनाएँ'],
  ] as const)(
    '(%s) a Business user creates an organisation from a small dialog and lands on it',
    async (language, button, label, submit) => {
      const created = makeOrganization({
        id: 'org-new',
        name: 'Hotel Lotus',
        memberCount: 1,
        qrCount: 0,
      });
      let list = [sunrise, fleet];
      const calls = api('BUSINESS', {
        'GET /organizations': () => ({ body: list }),
        'POST /organizations': () => {
          list = [...list, created];
          return { status: 201, body: created };
        },
      });
      await renderApp(null, { routes: dashboardRoutes, route: '/dashboard', language });
      fireEvent.click(await screen.findByRole('button', { name: button }));
      const dialog = await screen.findByRole('dialog', { name: button });
      // Too short: the schema's message, nothing sent.
      fireEvent.change(within(dialog).getByLabelText(label), { target: { value: 'H' } });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      expect(
        await within(dialog).findByText(
          language === 'en'
            ? 'This field must be between 2 and 80 characters'
            : 'यह फ़ील्ड 2 से 80 अक्षरों के बीच होना चाहिए',
        ),
      ).toBeInTheDocument();
      expect(calls.some((call) => call.method === 'POST')).toBe(false);

      fireEvent.change(within(dialog).getByLabelText(label), { target: { value: 'Hotel Lotus' } });
      fireEvent.click(within(dialog).getByRole('button', { name: submit }));
      await waitFor(() =>
        expect(screen.getByTestId('where')).toHaveTextContent('/dashboard?org=org-new'),
      );
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Hotel Lotus' });
      expect(await screen.findByRole('region', { name: 'Hotel Lotus' })).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
    },
  );

  it.each([
    [
      'en',
      'Share codes, scans and alerts with your team in an organisation on the Business plan.',
      'See the Business plan',
      'New organisation',
    ],
    [
      'hi',
      'बिज़नेस प्लान पर एक संगठन में अपनी टीम के साथ कोड, स्कैन और अलर्ट साझा करें।',
      'बिज़नेस प्लान देखें',
      'नया संगठन',
    ],
  ] as const)(
    '(%s) points other plans to /pricing instead of offering a new organisation',
    async (language, line, link, button) => {
      api('FREE', { 'GET /organizations': () => ({ body: [] }) });
      await renderApp(null, { routes: dashboardRoutes, route: '/dashboard', language });
      expect(await screen.findByText(line)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/pricing');
      await screen.findByRole('link', { name: 'Kamala Iyer' });
      expect(screen.queryByRole('button', { name: button })).toBeNull();
      // No organisation yet: no switch either.
      expect(screen.queryByRole('navigation')).toBeNull();
    },
  );
});
