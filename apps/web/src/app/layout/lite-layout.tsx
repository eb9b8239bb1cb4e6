import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasStoredSession } from '../../lib/access-token.ts';
import { runtimeConfig } from '../../lib/runtime-config.ts';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * The shared layout for the small scan entry: the same header and footer as the app, drawn with
 * plain links (no router or sign-in library), since a stranger's phone should load only the page.
 */
export function LiteLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const signedIn = hasStoredSession();
  const navLink = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100';
  const footerLink =
    'rounded px-2 py-1 text-sm text-slate-300 hover:text-white underline-offset-2 hover:underline';
  return (
    <div className="flex min-h-screen flex-col">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
        >
          {t('nav.skipToContent')}
        </a>
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
          <a href="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <img src="/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
            <span>{t('brand')}</span>
          </a>
          <nav aria-label={t('nav.mainNavigation')} className="flex items-center gap-1">
            <a href="/pricing" className={navLink}>
              {t('nav.pricing')}
            </a>
            {signedIn && (
              <a href="/dashboard" className={`${navLink} hidden sm:inline-flex`}>
                {t('nav.dashboard')}
              </a>
            )}
            <LanguageSwitch />
          </nav>
        </div>
      </header>
      <main id="main" className="flex-1">
        {children}
      </main>
      <footer className="mt-12 bg-slate-900 text-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
          <div>
            <p className="font-semibold text-white">{t('brand')}</p>
            <p className="text-sm text-slate-300">{t('footer.about')}</p>
            <p className="text-sm text-slate-400">{runtimeConfig.siteHost}</p>
          </div>
          <nav aria-label={t('nav.footerNavigation')} className="flex flex-wrap items-center gap-1">
            <a className={footerLink} href="/">
              {t('nav.home')}
            </a>
            <a className={footerLink} href="/contact">
              {t('nav.contact')}
            </a>
            <a className={footerLink} href="/privacy">
              {t('nav.privacy')}
            </a>
            <a className={footerLink} href="/terms">
              {t('nav.terms')}
            </a>
          </nav>
        </div>
      </footer>
    </div>
  );
}
