import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/api-mock.ts';
import { renderApp } from '../../test/kit.tsx';
import { makeOrganization } from '../../test/organization-fixtures.ts';
import { makeQr } from '../../test/qr-fixtures.ts';
import { Component } from './qr-detail.tsx';

afterEach(() => vi.unstubAllGlobals());

type Role = 'owner' | 'admin' | 'member';

const tag = (role: Role) => ({
  ...makeQr({ type: 'CHILD', id: 'tag-1' }),
  organizationId: 'org-sunrise',
  role,
});

function api(role: Role) {
  return mockApi({
    'GET /qr-codes/tag-1': () => ({ body: tag(role) }),
    'GET /qr-codes/tag-1/guardians': () => ({ body: [] }),
    'GET /qr-codes/tag-1/alert-preferences': () => ({ body: { push: true, email: true } }),
    'GET /organizations': () => ({ body: [makeOrganization({ role })] }),
  });
}

describe('/qr-data/{id} of an organisation’s code', () => {
  it.each([
    [
      'en',
      'As a member you see these codes, their scans and alerts; only admins can create, change or delete them.',
      ['Edit details', 'Delete QR code', 'Mark as lost'],
      ['Lost mode', 'Guardians'],
      'Public Preview',
      'Scan History',
      'Back to Dashboard',
    ],
    [
      'hi',
      'सदस्य के रूप में आप ये कोड, इनके स्कैन और अलर्ट देखते हैं; इन्हें केवल एडमिन बना, बदल या हटा सकते हैं।',
      ['विवरण संपादित करें', 'QR कोड मिटाएँ', 'खोई हुई चिह्नित करें'],
      ['लॉस्ट मोड', 'अभिभावक'],
      'सार्वजनिक पूर्वावलोकन',
      'स्कैन इतिहास',
      null,
    ],
  ] as const)(
    '(%s) lets a member read it, print it and see its scans, without the controls that change it',
    async (language, note, buttons, regions, preview, history, back) => {
      api('member');
      await renderApp(<Component />, {
        path: '/qr-data/:id',
        route: '/qr-data/tag-1',
        language,
      });
      await screen.findByRole('heading', { level: 1, name: 'Asha' });
      expect(screen.getByRole('note')).toHaveTextContent(note);
      for (const name of buttons) expect(screen.queryByRole('button', { name })).toBeNull();
      for (const name of regions) expect(screen.queryByRole('region', { name })).toBeNull();
      expect(screen.getByRole('link', { name: new RegExp(preview) })).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: history })).toBeInTheDocument();
      // Its organisation, by name, and the way back to that organisation's dashboard.
      expect(await screen.findByRole('link', { name: 'Sunrise School' })).toHaveAttribute(
        'href',
        '/organizations/org-sunrise',
      );
      if (back) {
        expect(screen.getByRole('link', { name: new RegExp(back) })).toHaveAttribute(
          'href',
          '/dashboard?org=org-sunrise',
        );
      }
    },
  );

  it('lets an admin edit, delete, report it lost and set its guardians; messages stay with its owner', async () => {
    api('admin');
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/tag-1' });
    await screen.findByRole('heading', { level: 1, name: 'Asha' });
    expect(screen.queryByRole('note')).toBeNull();
    for (const name of ['Edit details', 'Delete QR code', 'Mark as lost']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Guardians' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages from finders' })).toBeNull();
  });

  it('keeps every control for the organisation’s owner, whose code it is', async () => {
    api('owner');
    await renderApp(<Component />, { path: '/qr-data/:id', route: '/qr-data/tag-1' });
    await screen.findByRole('heading', { level: 1, name: 'Asha' });
    for (const name of ['Edit details', 'Delete QR code', 'Mark as lost']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('region', { name: 'Guardians' })).toBeInTheDocument();
  });
});
