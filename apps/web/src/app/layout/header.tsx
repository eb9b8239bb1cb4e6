import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link, NavLink, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { useCurrentPlan } from '../../lib/current-user.ts';
import { routerLink } from './router-link.tsx';
import { LanguageSwitch } from './language-switch.tsx';
import { BrandLink, SkipToContent } from './layout-parts.tsx';
import { usePlanName } from '../../lib/plan-name.ts';
import { useSignIn } from '../../lib/sign-in.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-100 ${isActive ? 'text-brand-700' : 'text-slate-700'}`;

export function Header({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const { signIn } = useSignIn();
  const [isMenuOpen, setMenuOpen] = useState(false);
  const signedIn = auth.isAuthenticated;
  // The sign-in screens are the login: no second Login button above them.
  const onSignInScreen = ['/login', '/register'].includes(useLocation().pathname);
  const plan = useCurrentPlan();
  const planName = usePlanName();
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
          <NavLink to="/analytics" className={navLinkClass} onClick={close}>
            {t('nav.analytics')}
          </NavLink>
          <NavLink to="/account" className={navLinkClass} onClick={close}>
            {t('nav.account')}
          </NavLink>
          <Link
            to="/pricing"
            onClick={close}
            data-plan={plan}
            aria-label={t('plan.badgeLabel', { plan: planName(plan) })}
            className={`self-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
              plan === 'FREE'
                ? 'bg-slate-100 text-slate-700 ring-slate-500/30'
                : 'bg-blue-100 text-blue-800 ring-blue-600/30'
            }`}
          >
            {planName(plan)}
          </Link>
        </>
      )}
      <LanguageSwitch />
      {signedIn ? (
        <button type="button" className={buttonClass('secondary')} onClick={onLogout}>
          {t('nav.logout')}
        </button>
      ) : onSignInScreen ? null : (
        <button type="button" className={buttonClass('primary')} onClick={() => signIn()}>
          {t('nav.login')}
        </button>
      )}
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <SkipToContent />
      <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-2">
        <BrandLink renderLink={routerLink} />
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
