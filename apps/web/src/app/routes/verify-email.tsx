import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { apiFetch } from '../../lib/api-client.ts';
import { useErrorText } from '../../lib/error-text.ts';

/**
 * /verify-email?token=: the page the confirmation mail links to. It sends the token once and
 * says whether the address is now confirmed; no sign-in is needed.
 */
export function Component() {
  const { t } = useTranslation();
  const { errorText } = useErrorText();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useMutation({
    mutationFn: () =>
      apiFetch<void>('/user/verify-email/confirm', {
        method: 'POST',
        body: { token },
        auth: false,
      }),
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate();
  }, [confirm]);

  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <title>{`${t('verifyEmail.title')} · CareCode`}</title>
      <h1 className="text-2xl font-bold text-slate-900">{t('verifyEmail.title')}</h1>
      {confirm.isSuccess ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {t('verifyEmail.done')}
        </p>
      ) : confirm.isError ? (
        <p role="alert" className="mt-3 font-medium text-red-800">
          {errorText(confirm.error)}
        </p>
      ) : (
        <p role="status" className="mt-3 text-slate-700">
          {t('verifyEmail.checking')}
        </p>
      )}
      <Link to="/dashboard" className={buttonClass('primary', 'mt-6')}>
        {t('verifyEmail.toDashboard')}
      </Link>
    </div>
  );
}
