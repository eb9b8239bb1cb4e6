import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { LanguageSwitch } from './language-switch.tsx';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

export function Header({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const signedIn = auth.isAuthenticated;
  const close = () => setMenuOpen(false);

  const items = (
    <>
      <NavLink to="/pricing" className={navLinkClass} onClick={close}>
        {t('nav.pricing')}
      </NavLink>
      {signedIn && (
        <>
          <NavLink to="/dashboard" className={navLinkClass} onClick={close}>
            {t('nav.dashboard')}
          </NavLink>
          <NavLink to="/account" className={navLinkClass} onClick={close}>
            {t('nav.account')}
          </NavLink>
        </>
      )}
      <LanguageSwitch />
      {signedIn ? (
        <button type="button" className={buttonClass('secondary')} onClick={onLogout}>
          {t('nav.logout')}
        </button>
      ) : (
        <button
          type="button"
          className={buttonClass('primary')}
          onClick={() => void auth.signinRedirect({ state: { returnTo: '/dashboard' } })}
        >
          {t('nav.login')}
        </button>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        {t('nav.skipToContent')}
      </a>
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <img src="/logo.svg" alt="" width="32" height="32" className="h-8 w-8" />
          <span>{t('brand')}</span>
        </Link>
        <nav aria-label={t('nav.mainNavigation')} className="hidden items-center gap-1 md:flex">
          {items}
        </nav>
        <button
          type="button"
          className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium md:hidden"
          aria-expanded={isMenuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {isMenuOpen ? t('nav.closeMenu') : t('nav.menu')}
        </button>
      </div>
      {isMenuOpen && (
        <nav
          id="mobile-menu"
          aria-label={t('nav.mainNavigation')}
          className="flex flex-col items-stretch gap-1 border-t border-slate-200 px-4 py-2 md:hidden"
        >
          {items}
        </nav>
      )}
    </header>
  );
}
