import type { ScanPageData, ScanSession } from '@carecode/domain/scans/scan.schema';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { renderScanPage } from '../../scan-server.tsx';
import { ScanApp, settledRead, stateOf } from './scan-app.tsx';
import { initI18n } from './scan-i18n.ts';

// As in the scan entry's builds (vite.config.ts): the page's translator in place of react-i18next
// and of the app's i18n setup.
vi.mock('react-i18next', async () => await import('./scan-i18n.ts'));
vi.mock('../../lib/i18n.ts', async () => await import('./scan-i18n.ts'));

const config = {
  ...runtimeConfig,
  supportEmail: 'help@carecode.example',
  siteHost: 'carecode.example',
};

const session = (overrides: Partial<ScanSession['qr']> = {}): ScanSession =>
  ({
    scanId: 'scan-1',
    qr: {
      id: 'qr-1',
      type: 'VEHICLE',
      status: 'ASSIGNED',
      public: true,
      details: {
        numberPlate: 'MH12AB1234',
        ownerContact: { name: 'Kiran Rao', phoneNumber: '9811122233' },
      },
      ...overrides,
    },
    quotaExceeded: false,
  }) as ScanSession;

const cases: Array<[string, Omit<ScanPageData, 'language'>]> = [
  ['a session', { session: session() }],
  [
    'a lost item',
    {
      session: session({
        lost: { message: 'Reward </script> offered', since: '2025-06-02T10:30:00.000Z' },
      }),
    },
  ],
  [
    'hidden numbers (the call bridge)',
    {
      session: session({
        hideNumbers: true,
        details: { numberPlate: 'MH12AB1234', ownerContact: { name: 'Kiran Rao' } },
      } as Partial<ScanSession['qr']>),
    },
  ],
  [
    "an organisation's code (its band)",
    {
      session: {
        ...session(),
        branding: {
          name: 'Sunrise School',
          color: '#1D4ED8',
          logoUrl: '/api/organizations/org-1/logo?v=1',
        },
      },
    },
  ],
  ['a session over the quota', { session: { ...session(), quotaExceeded: true } }],
  ['a private QR', { error: { status: 403, code: 'QR_PRIVATE' } }],
  ['an expired session', { error: { status: 410, code: 'SCAN_EXPIRED' } }],
  ['an unknown session', { error: { status: 404, code: 'SCAN_NOT_FOUND' } }],
  ['the busy page', { error: { status: 429, code: 'RATE_LIMITED', params: { seconds: 17 } } }],
];

let root: Root | undefined;
let container: HTMLElement;

/** The server's markup in the page, then hydrated as scan-main.tsx does; errors collected. */
async function serveAndHydrate(data: ScanPageData) {
  const { html, title } = await renderScanPage(data, config);
  container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = html;
  document.body.append(container);
  const serverHeading = container.querySelector('h1');
  const serverButton = container.querySelector<HTMLButtonElement>(
    'section[aria-labelledby="location-banner-title"] button',
  );
  const isButtonDisabledOnServer = serverButton?.disabled;
  const problems: unknown[] = [];
  const consoleError = vi.spyOn(console, 'error').mockImplementation((...args) => {
    problems.push(args);
  });
  await initI18n(data.language);
  await act(async () => {
    root = hydrateRoot(container, <ScanApp read={settledRead(stateOf(data))} />, {
      onRecoverableError: (error) => problems.push(error),
    });
  });
  consoleError.mockRestore();
  return { html, title, problems, serverHeading, serverButton, isButtonDisabledOnServer };
}

beforeEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container?.remove();
});

describe('the server-rendered scan page', () => {
  for (const language of ['en', 'hi'] as const) {
    for (const [name, data] of cases) {
      it(`hydrates ${name} in ${language} without a mismatch, keeping the server's nodes`, async () => {
        const result = await serveAndHydrate({ language, ...data });
        expect(result.problems).toEqual([]);
        // The server's elements were adopted, not drawn again.
        expect(container.querySelector('h1')).toBe(result.serverHeading);
        expect(result.serverHeading).not.toBeNull();
      });
    }
  }

  it('draws the details, call and WhatsApp links, the numbers and the location prompt in English', async () => {
    const { html, title } = await renderScanPage({ language: 'en', session: session() }, config);
    expect(title).toBe('Scanned QR · CareCode');
    expect(html).toContain('MH12AB1234');
    expect(html).toContain('href="tel:9811122233"');
    expect(html).toContain('href="https://wa.me/919811122233"');
    expect(html).toContain('Emergency Numbers (India)');
    expect(html).toContain('href="tel:112"');
    expect(html).not.toContain('href="tel:108"');
    expect(html).toContain('Your location could make a difference');
    expect(html).toContain(
      'Sharing your location needs JavaScript, which is turned off in this browser. Please call the owner or an emergency number below instead.',
    );
    expect(html).toContain('help@carecode.example');
    // Nothing of React's own resource hints or the title left in the body.
    expect(html.startsWith('<div')).toBe(true);
    expect(html).not.toContain('<title>');
  });

  it('draws a hidden number as a bridge call that needs script, saying so without it', async () => {
    const { html } = await renderScanPage(
      {
        language: 'en',
        session: session({
          hideNumbers: true,
          details: { numberPlate: 'MH12AB1234', ownerContact: { name: 'Kiran Rao' } },
        } as Partial<ScanSession['qr']>),
      },
      config,
    );
    expect(html).not.toContain('href="tel:98');
    expect(html).toMatch(/<button type="button" disabled="" class="noscript:hidden [^"]*">/);
    expect(html).toContain(
      '<noscript><span class="block text-sm font-medium text-slate-900">Calling without showing the number needs JavaScript, which is turned off in this browser. If someone needs help now, call an emergency number below.</span></noscript>',
    );
  });

  it('draws it in Hindi', async () => {
    const { html, title } = await renderScanPage({ language: 'hi', session: session() }, config);
    expect(title).toBe('स्कैन किया गया QR · CareCode');
    expect(html).toContain('स्कैन किए गए QR का विवरण');
    expect(html).toContain('आपकी लोकेशन बड़ा फ़र्क ला सकती है');
    expect(html).toContain('लोकेशन भेजने के लिए JavaScript चाहिए');
    expect(html).toContain('आपातकालीन नंबर (भारत)');
    expect(html).toContain('href="tel:112"');
  });

  it('offers the location button once hydrated, disabled before (it needs script), and it works', async () => {
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const result = await serveAndHydrate({ language: 'en', session: session() });
    expect(result.isButtonDisabledOnServer).toBe(true);
    const button = screen.getByRole('button', { name: 'Allow Location' });
    expect(button).toBe(result.serverButton);
    expect(button).toBeEnabled();
    await userEvent.setup().click(button);
    expect(getCurrentPosition).toHaveBeenCalledOnce();
    vi.unstubAllGlobals();
  });

  it('hides the location prompt after hydration when this browser session was already asked', async () => {
    window.sessionStorage.setItem('carecode.locationPrompted', '1');
    const result = await serveAndHydrate({ language: 'en', session: session() });
    expect(result.html).toContain('Your location could make a difference');
    expect(
      screen.queryByRole('heading', { name: 'Your location could make a difference' }),
    ).toBeNull();
  });

  it('shows the Dashboard link only after hydration, for a signed-in browser', async () => {
    window.localStorage.setItem(
      `oidc.user:${runtimeConfig.oidcAuthority}:${runtimeConfig.oidcClientId}`,
      JSON.stringify({ access_token: 'token', expires_at: Date.now() / 1000 + 600 }),
    );
    const result = await serveAndHydrate({ language: 'en', session: session() });
    expect(result.html).not.toContain('/dashboard');
    expect(result.problems).toEqual([]);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('lets the language button and Try again work without script: plain forms asking the server again', async () => {
    const { html } = await renderScanPage(
      { language: 'en', error: { status: 429, code: 'RATE_LIMITED', params: { seconds: 17 } } },
      config,
    );
    container = document.createElement('div');
    container.innerHTML = html;
    const languageForm = container.querySelector('nav form')!;
    expect(languageForm.getAttribute('method')).toBe('get');
    expect(languageForm.querySelector('input[name="lang"]')).toHaveAttribute('value', 'hi');
    expect(languageForm.querySelector('button')).toHaveAttribute('type', 'submit');
    const alert = container.querySelector('[role="alert"]')!;
    expect(alert.textContent).toContain('Try again in 17 seconds.');
    expect(alert.querySelector('form[method="get"] button[type="submit"]')?.textContent).toBe(
      'Try again',
    );
  });

  it("draws an organisation's code under a band of its colour, logo and name, before the details and numbers", async () => {
    for (const [language, protectedBy] of [
      ['en', 'Protected by CareCode'],
      ['hi', 'CareCode द्वारा सुरक्षित'],
    ] as const) {
      const result = await serveAndHydrate({
        language,
        session: {
          ...session(),
          branding: {
            name: 'Sunrise School',
            color: '#1D4ED8',
            logoUrl: '/api/organizations/org-1/logo?v=1700000000000',
          },
        },
      });
      expect(result.problems).toEqual([]);
      const band = screen.getByRole('region', { name: 'Sunrise School' });
      expect(band).toHaveStyle({ backgroundColor: 'rgb(29, 78, 216)' });
      expect(band).toHaveClass('text-white');
      expect(band.querySelector('img')).toHaveAttribute(
        'src',
        '/api/organizations/org-1/logo?v=1700000000000',
      );
      expect(band.textContent).toBe(`Sunrise School${protectedBy}`);
      // Help is still all there, after the band.
      const page = container.textContent!;
      expect(page.indexOf(protectedBy)).toBeLessThan(page.indexOf('MH12AB1234'));
      expect(container.querySelector('a[href="tel:9811122233"]')).not.toBeNull();
      expect(container.querySelector('a[href="tel:112"]')).not.toBeNull();
      act(() => root?.unmount());
      root = undefined;
      container.remove();
    }
  });

  it('draws a band without a logo when the organisation has none, and none for a personal code', async () => {
    const { html } = await renderScanPage(
      {
        language: 'en',
        session: {
          ...session(),
          branding: { name: 'Green Cabs', color: '#B91C1C', logoUrl: null },
        },
      },
      config,
    );
    expect(html).toContain('aria-label="Green Cabs"');
    expect(html).toContain('background-color:#B91C1C');
    const band = html.match(/<section aria-label="Green Cabs".*?<\/section>/)![0];
    expect(band).toContain('Protected by CareCode');
    expect(band).not.toContain('<img');
    for (const data of [{ session: session() }, { session: { ...session(), branding: null } }]) {
      const personal = await renderScanPage({ language: 'en', ...data }, config);
      expect(personal.html).not.toContain('Protected by CareCode');
      expect(personal.html).not.toContain('data-brand-color');
    }
  });
});
