import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { footerLinkClass, FooterView } from './layout-parts.tsx';
import { routerLink } from './router-link.tsx';

export function Footer({ onLogout }: { onLogout: () => void }) {
  const { t } = useTranslation();
  const auth = useAuth();
  return (
    <FooterView renderLink={routerLink}>
      {auth.isAuthenticated && (
        <>
          {routerLink('/account', t('nav.account'), footerLinkClass)}
          <button type="button" className={footerLinkClass} onClick={onLogout}>
            {t('nav.logout')}
          </button>
        </>
      )}
    </FooterView>
  );
}
