import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AccountTabs } from './account-tabs.tsx';
import { OrderHistoryTable } from './order-history-table.tsx';
import { ProfilePanel } from './profile-panel.tsx';

type AccountTab = 'profile' | 'orders';

/**
 * /account: tabs Profile and Order History (spec §2); the tab is kept in `?tab=`. `profileExtra`
 * goes under the profile (the app puts the alert settings there).
 */
export function AccountPage({ profileExtra }: { profileExtra?: ReactNode }) {
  const { t } = useTranslation('billing');
  const [params, setParams] = useSearchParams();
  const selected: AccountTab = params.get('tab') === 'orders' ? 'orders' : 'profile';

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <title>{`${t('account.pageTitle')} · CareCode`}</title>
      <h1 className="text-3xl font-bold text-slate-900">{t('account.heading')}</h1>
      <div className="mt-6">
        <AccountTabs<AccountTab>
          label={t('account.tabsLabel')}
          selected={selected}
          onSelect={(tab) =>
            setParams(tab === 'profile' ? {} : { tab }, { replace: true, preventScrollReset: true })
          }
          tabs={[
            {
              key: 'profile',
              label: t('account.profileTab'),
              panel: (
                <div className="space-y-8">
                  <ProfilePanel />
                  {profileExtra}
                </div>
              ),
            },
            { key: 'orders', label: t('account.ordersTab'), panel: <OrderHistoryTable /> },
          ]}
        />
      </div>
    </div>
  );
}
