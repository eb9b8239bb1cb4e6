import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../../lib/api-client.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';

/** 'Resend confirmation e-mail' for an address not yet confirmed; says when it is sent. */
export function ResendVerification() {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const resend = useMutation({
    mutationFn: () => apiFetch<void>('/user/verify-email', { method: 'POST' }),
  });
  return (
    <span className="flex flex-wrap items-center gap-2">
      <button
        type="button"
        onClick={() => resend.mutate()}
        disabled={resend.isPending}
        aria-busy={resend.isPending}
        className="min-h-11 text-sm font-semibold text-brand-700 underline hover:text-brand-800 disabled:opacity-60"
      >
        {t('account.resendVerification')}
      </button>
      <span role="status" className="text-sm font-normal text-slate-700">
        {resend.isSuccess ? t('account.verificationSent') : ''}
        {resend.isError ? errorText(resend.error) : ''}
      </span>
    </span>
  );
}

/** On the dashboard while the account's address is unconfirmed: why to confirm it, and 'Resend'. */
export function VerifyEmailNotice() {
  const { t } = useTranslation('billing');
  const me = useCurrentUser().data;
  if (!me || me.emailVerified || !me.email) return null;
  return (
    <section
      aria-label={t('account.verifyHint')}
      className="flex flex-col gap-1 rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="font-medium">{t('account.verifyHint')}</p>
      <ResendVerification />
    </section>
  );
}
