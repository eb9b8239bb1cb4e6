import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { runtimeConfig } from '../../lib/runtime-config.ts';

/**
 * The pieces the app's layout and the small scan entry's layout share. Links are drawn by the
 * caller (router links in the app, plain links in the scan entry), so nothing here needs the
 * router or the sign-in library.
 */
export type RenderLink = (to: string, content: ReactNode, className: string) => ReactNode;

export const footerLinkClass =
  'rounded px-2 py-1 text-sm text-slate-300 hover:text-white underline-offset-2 hover:underline';

export function SkipToContent() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
    >
      {t('nav.skipToContent')}
    </a>
  );
}

export function BrandLink({ renderLink }: { renderLink: RenderLink }) {
  const { t } = useTranslation();
  return renderLink(
    '/',
    <>
      <img src="/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
      <span>{t('brand')}</span>
    </>,
    'flex items-center gap-2 text-lg font-bold text-slate-900',
  );
}

export function FooterView({
  renderLink,
  children,
}: {
  renderLink: RenderLink;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-white">{t('brand')}</p>
          <p className="text-sm text-slate-300">{t('footer.about')}</p>
          <p className="text-sm text-slate-400">{runtimeConfig.siteHost}</p>
        </div>
        <nav aria-label={t('nav.footerNavigation')} className="flex flex-wrap items-center gap-1">
          {renderLink('/', t('nav.home'), footerLinkClass)}
          {renderLink('/contact', t('nav.contact'), footerLinkClass)}
          {renderLink('/privacy', t('nav.privacy'), footerLinkClass)}
          {renderLink('/terms', t('nav.terms'), footerLinkClass)}
          {children}
        </nav>
      </div>
    </footer>
  );
}
