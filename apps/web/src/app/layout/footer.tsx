import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { runtimeConfig } from '../../lib/runtime-config.ts';

export function Footer({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const linkClass =
    'rounded px-2 py-1 text-sm text-slate-300 hover:text-white underline-offset-2 hover:underline';
  return (
    <footer className="mt-12 bg-slate-900 text-slate-200">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <div>
          <p className="font-semibold text-white">{t('brand')}</p>
          <p className="text-sm text-slate-300">{t('footer.about')}</p>
          <p className="text-sm text-slate-400">{runtimeConfig.siteHost}</p>
        </div>
        <nav aria-label={t('nav.footerNavigation')} className="flex flex-wrap items-center gap-1">
          <Link className={linkClass} to="/">
            {t('nav.home')}
          </Link>
          <Link className={linkClass} to="/contact">
            {t('nav.contact')}
          </Link>
          <Link className={linkClass} to="/privacy">
            {t('nav.privacy')}
          </Link>
          <Link className={linkClass} to="/terms">
            {t('nav.terms')}
          </Link>
          {auth.isAuthenticated && (
            <>
              <Link className={linkClass} to="/account">
                {t('nav.account')}
              </Link>
              <button type="button" className={linkClass} onClick={onLogout}>
                {t('nav.logout')}
              </button>
            </>
          )}
        </nav>
      </div>
    </footer>
  );
}
