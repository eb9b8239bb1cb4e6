import { useTranslation } from 'react-i18next';
import { useAuth } from 'react-oidc-context';
import { Link } from 'react-router';
import { DeleteAccount } from './delete-account.tsx';
import { DownloadMyData } from './download-my-data.tsx';
import { ResendVerification } from './verify-email-notice.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useCurrentUser, usePlanState } from '../../../lib/current-user.ts';
import { usePlanDate } from '../../../lib/plan-date.ts';
import { usePlanName } from '../../../lib/plan-name.ts';

/** Spec §2 Account › Profile: e-mail with Verified badge, mobile or 'Not Provided', the plan. */
export function ProfilePanel() {
  const { t } = useTranslation('billing');
  const profile = useAuth().user?.profile;
  const me = useCurrentUser().data;
  const { plan, paidPlan, planExpiresAt, isPaidActive } = usePlanState();
  const planName = usePlanName();
  const planDate = usePlanDate();
  const hasPaidPlanEnded = Boolean(paidPlan && planExpiresAt && !isPaidActive);
  const email = me?.email ?? profile?.email;
  const isVerified = me?.emailVerified ?? profile?.email_verified;
  const phone = me ? me.phone : profile?.phone_number;

  return (
    <div className="space-y-6">
      <dl className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
          <dt className="text-sm text-slate-600">{t('account.email')}</dt>
          <dd className="flex flex-wrap items-center gap-2 font-medium break-all text-slate-900">
            <span>{email}</span>
            {isVerified ? (
              <Badge tone="green">{t('account.verified')}</Badge>
            ) : (
              <>
                <Badge tone="slate">{t('account.notVerified')}</Badge>
                <ResendVerification />
              </>
            )}
          </dd>
        </div>
        <div className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
          <dt className="text-sm text-slate-600">{t('account.mobile')}</dt>
          <dd className="font-medium text-slate-900">{phone || t('account.notProvided')}</dd>
        </div>
        <div className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
          <dt className="text-sm text-slate-600">{t('account.plan')}</dt>
          <dd className="flex flex-col gap-1 sm:items-end" data-testid="account-plan">
            <span className="flex flex-wrap items-center gap-2">
              {plan !== 'FREE' ? (
                <Badge tone="blue">{planName(plan)}</Badge>
              ) : (
                <span className="font-medium text-slate-900">{t('account.freePlan')}</span>
              )}
              {(plan === 'FREE' || hasPaidPlanEnded) && (
                <Link to="/pricing" className={buttonClass('primary')}>
                  {hasPaidPlanEnded ? t('account.renewPlan') : t('account.upgradePlan')}
                </Link>
              )}
            </span>
            {isPaidActive && planExpiresAt && (
              <span className="text-sm text-slate-700" data-testid="plan-expires">
                {t('account.planActiveUntil', { date: planDate(planExpiresAt) })}
              </span>
            )}
            {hasPaidPlanEnded && paidPlan && planExpiresAt && (
              <span className="text-sm text-slate-700" data-testid="plan-expires">
                {t('account.planEnded', {
                  plan: planName(paidPlan),
                  date: planDate(planExpiresAt),
                })}
              </span>
            )}
          </dd>
        </div>
      </dl>
      <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{t('account.myProfileHint')}</p>
        <Link to="/profile" className={buttonClass('secondary', 'shrink-0')}>
          {t('account.myProfile')}
        </Link>
      </div>
      <DownloadMyData />
      <DeleteAccount />
    </div>
  );
}
