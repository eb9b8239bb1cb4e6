import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, useJourney } from './support/browser.ts';

/**
 * Every public route, in English and Hindi, at desktop and 360 px width: its key texts, no
 * serious or critical axe violation, no horizontal scrolling, its title and description.
 */
const { baseUrl, browser } = useJourney();

type Language = 'en' | 'hi';
type Texts = Record<Language, string[]>;

interface PublicRoute {
  name: string;
  path: string;
  /** Texts that must be visible, per language. */
  texts: Texts;
  /** Marketing pages carry Open Graph tags. */
  openGraph?: boolean;
  check?: (page: Page, language: Language) => Promise<void>;
}

const useCasePages: { slug: string; en: string; hi: string }[] = [
  { slug: 'medical-emergency', en: 'Medical Emergency QR', hi: 'चिकित्सा आपातकाल QR' },
  { slug: 'child-safety', en: 'Child Safety QR', hi: 'बाल सुरक्षा QR' },
  { slug: 'lost-luggage', en: 'Lost Luggage QR', hi: 'खोया सामान QR' },
  { slug: 'vehicle-contact', en: 'Vehicle Contact QR', hi: 'वाहन संपर्क QR' },
  { slug: 'lockscreen', en: 'Lockscreen QR', hi: 'लॉकस्क्रीन QR' },
];

const notFound: Texts = {
  en: ['Page not found', 'Go back to Home'],
  hi: ['पेज नहीं मिला', 'होम पर वापस जाएँ'],
};

const routes: PublicRoute[] = [
  {
    name: 'home',
    path: '/',
    openGraph: true,
    texts: {
      en: [
        'One code. Complete care.',
        'Sign in to create your free QR',
        'One code for everything that matters',
        'How it works',
        'Open the demo',
      ],
      hi: [
        'एक कोड। पूरी देखभाल।',
        'साइन इन करें और मुफ़्त QR बनाएँ',
        'हर ज़रूरी चीज़ के लिए एक कोड',
        'यह कैसे काम करता है',
        'डेमो खोलें',
      ],
    },
    check: async (page, language) => {
      // The five use-case cards, in the order of spec §2.
      const hrefs = await page
        .locator('a[href^="/usecases/"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual([
        '/usecases/lockscreen',
        '/usecases/child-safety',
        '/usecases/vehicle-contact',
        '/usecases/medical-emergency',
        '/usecases/lost-luggage',
      ]);
      // A real demo QR pointing to /demo/{demoId}, opening in a new tab.
      const qr = page.getByTestId('demo-qr');
      await qr.waitFor();
      expect(await qr.getAttribute('data-value')).toBe(`${baseUrl}/demo/child-demo`);
      const qrLink = page.locator('a', { has: qr });
      expect(await qrLink.getAttribute('href')).toBe('/demo/child-demo');
      expect(await qrLink.getAttribute('target')).toBe('_blank');
      const demoLink = page.getByRole('link', {
        name: language === 'en' ? /^Open the demo/ : /^डेमो खोलें/,
      });
      expect(await demoLink.getAttribute('target')).toBe('_blank');
      // Three testimonials, with avatars drawn locally.
      await page.getByTestId('testimonial').nth(2).waitFor();
      expect(await page.getByTestId('testimonial').count()).toBe(3);
      const avatarSources = await page
        .getByTestId('testimonial')
        .locator('img')
        .evaluateAll((images) => images.map((image) => image.getAttribute('src') ?? ''));
      expect(avatarSources.every((src) => src.startsWith('data:image/svg+xml'))).toBe(true);
    },
  },
  {
    name: 'pricing',
    path: '/pricing',
    texts: { en: [], hi: [] },
    check: async (page) => {
      expect((await page.locator('h1').first().innerText()).trim()).not.toBe('');
    },
  },
  {
    name: 'contact',
    path: '/contact',
    openGraph: true,
    texts: {
      en: ['Contact Us', 'support@localhost', 'We respond within 24 hours.'],
      hi: ['संपर्क करें', 'support@localhost', 'हम 24 घंटे के भीतर जवाब देते हैं।'],
    },
    check: async (page) => {
      const mail = page.locator('a[href="mailto:support@localhost"]').first();
      expect(await mail.isVisible()).toBe(true);
    },
  },
  {
    name: 'privacy',
    path: '/privacy',
    openGraph: true,
    texts: {
      en: [
        'Privacy Policy',
        'What we collect',
        'Who sees it',
        'How long we keep it',
        'Digital Personal Data Protection Act, 2023',
      ],
      hi: [
        'गोपनीयता नीति',
        'हम क्या जानकारी लेते हैं',
        'इसे कौन देखता है',
        'हम इसे कितने समय तक रखते हैं',
        'डिजिटल व्यक्तिगत डेटा संरक्षण अधिनियम, 2023',
      ],
    },
  },
  {
    name: 'terms',
    path: '/terms',
    openGraph: true,
    texts: {
      en: [
        'Terms & Conditions',
        'Last updated June 27, 2025',
        'Refund policy',
        'Refunds are given only for duplicate payments or when the promised service is not delivered.',
      ],
      hi: [
        'नियम और शर्तें',
        'अंतिम अपडेट: 27 जून 2025',
        'रिफ़ंड नीति',
        'रिफ़ंड केवल दोहरे भुगतान पर या वादा की गई सेवा न मिलने पर दिया जाता है।',
      ],
    },
  },
  {
    name: 'error',
    path: '/error',
    texts: {
      en: ['Something went wrong', 'Unknown error.', 'Go back to Home'],
      hi: ['कुछ गलत हो गया', 'अज्ञात त्रुटि।', 'होम पर वापस जाएँ'],
    },
  },
  {
    name: 'demo',
    path: '/demo/child-demo',
    openGraph: true,
    texts: {
      en: ['Aarav Sharma', 'Child Safety', 'Emergency Numbers (India)', 'sample data'],
      hi: ['आरव शर्मा', 'बाल सुरक्षा', 'आपातकालीन नंबर (भारत)', 'नमूना डेटा'],
    },
    check: async (page) => {
      const numbers = await page
        .locator('a[href^="tel:"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(numbers).toEqual([
        'tel:112',
        'tel:100',
        'tel:102',
        'tel:108',
        'tel:1033',
        'tel:1091',
        'tel:1098',
        'tel:101',
        'tel:1078',
      ]);
    },
  },
  ...useCasePages.map(({ slug, en, hi }): PublicRoute => ({
    name: `usecase-${slug}`,
    path: `/usecases/${slug}`,
    openGraph: true,
    texts: {
      en: [en, 'What CareCode does', 'Log in and create a free QR'],
      hi: [hi, 'CareCode क्या करता है', 'लॉग इन करें और मुफ़्त QR बनाएँ'],
    },
  })),
  { name: 'usecase-unknown', path: '/usecases/bicycle', texts: notFound },
  { name: 'not-found', path: '/no-such-page', texts: notFound },
  {
    name: 'profile-signed-out',
    path: '/profile',
    texts: {
      en: ['Please log in to view your profile.', 'Go to Login', 'Back to Home'],
      hi: ['अपनी प्रोफ़ाइल देखने के लिए कृपया लॉग इन करें।', 'लॉगिन पर जाएँ', 'होम पर वापस जाएँ'],
    },
  },
];

/** Waits until CSS transitions (the testimonials' entrance) have finished. */
async function settle(page: Page) {
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished)),
  );
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page } as unknown as ConstructorParameters<
    typeof AxeBuilder
  >[0])
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

describe.each(['en', 'hi'] as const)('public pages in %s', (language) => {
  it.each(routes)('$name: key texts, axe, title, description', async (route) => {
    for (const mobile of [false, true]) {
      const page = await newPage(browser, {
        mobile,
        locale: language === 'hi' ? 'hi-IN' : 'en-US',
      });
      const external: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(baseUrl) && !url.startsWith('data:')) external.push(url);
      });
      await page.goto(`${baseUrl}${route.path}`);
      await page.locator('main h1').first().waitFor();
      expect(await page.getAttribute('html', 'lang')).toBe(language);

      for (const text of route.texts[language]) {
        await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible' });
      }
      await route.check?.(page, language);
      await settle(page);

      // One title and one description for the page; Open Graph tags on the marketing pages.
      expect((await page.title()).length).toBeGreaterThan(8);
      const descriptions = await page
        .locator('meta[name="description"]')
        .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
      expect(descriptions.length).toBeLessThanOrEqual(1);
      if (route.openGraph) {
        expect(descriptions).toHaveLength(1);
        expect(descriptions[0]!.length).toBeGreaterThan(40);
        const og = await page.evaluate(() =>
          Object.fromEntries(
            [...document.querySelectorAll('meta[property^="og:"]')].map((meta) => [
              meta.getAttribute('property'),
              meta.getAttribute('content'),
            ]),
          ),
        );
        expect(og['og:title']).toBe(await page.title());
        expect(og['og:description']).toBe(descriptions[0]);
        expect(og['og:url']).toBe(`${baseUrl}${route.path}`);
        expect(og['og:image']).toBe(`${baseUrl}/og-image.png`);
      }

      if (mobile) {
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, `${route.path} scrolls sideways at 360 px`).toBeLessThanOrEqual(360);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(external, 'requests to other hosts').toEqual([]);

      await screenshot(page, `public-${route.name}-${language}-${mobile ? '360' : 'desktop'}`);
      await page.context().close();
    }
  });
});

describe('public assets', () => {
  it('serves the favicon, the web app manifest and its icons, and the Open Graph image', async () => {
    const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
      name: string;
      theme_color: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.name).toContain('CareCode');
    expect(manifest.theme_color).toBe('#b91c1c');
    const paths = ['/favicon.svg', '/og-image.png', ...manifest.icons.map((icon) => icon.src)];
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(
      expect.arrayContaining(['192x192', '512x512']),
    );
    for (const path of paths) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(response.status, path).toBe(200);
    }
  });

  it('opens the demo from the home page in a new tab', async () => {
    const page = await newPage(browser);
    await page.goto(baseUrl);
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^Open the demo/ }).click(),
    ]);
    await popup.waitForURL(`${baseUrl}/demo/child-demo`);
    await popup.getByText('Emergency Numbers (India)').waitFor();
    await page.context().close();
  });

  it('starts sign-in from the home page button when signed out', async () => {
    const page = await newPage(browser);
    await page.goto(baseUrl);
    await page.getByRole('button', { name: 'Sign in to create your free QR' }).click();
    await page.waitForURL(/\/login(\?|$)/);
    await page.context().close();
  });
});
