import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasStoredSession } from '../../lib/access-token.ts';
import { useBrowserValue } from '../../lib/use-hydrated.ts';
import { LanguageSwitch } from './language-switch.tsx';
import { BrandLink, FooterView, SkipToContent, type RenderLink } from './layout-parts.tsx';

/**
 * The shared layout for the small scan entry: the same header and footer as the app, drawn with
 * plain links (no router or sign-in library), since a stranger's phone should load only the page.
 */
const plainLink: RenderLink = (to, content, className) => (
  <a key={to} href={to} className={className}>
    {content}
  </a>
);

export function LiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  // Read from this browser's storage, so drawn signed out on the server and while hydrating.
  const signedIn = useBrowserValue(hasStoredSession, false);
  const navLink = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100';
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <SkipToContent />
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
          <BrandLink renderLink={plainLink} />
          <nav aria-label={t('nav.mainNavigation')} className="flex items-center gap-1">
            {plainLink('/pricing', t('nav.pricing'), navLink)}
            {signedIn &&
              plainLink('/dashboard', t('nav.dashboard'), `${navLink} hidden sm:inline-flex`)}
            <LanguageSwitch withoutScript />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <FooterView renderLink={plainLink} />
    </div>
  );
}
