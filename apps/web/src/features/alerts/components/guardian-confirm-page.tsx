import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useErrorText } from '../../../lib/error-text.ts';
import { confirmGuardian } from '../api/confirm-guardian.ts';
import { linkFailureCode, readLinkToken } from '../lib/link-token.ts';
import { LinkOutcome, LinkPage } from './link-page.tsx';

/**
 * /guardians/confirm?token=: the page a guardian's invitation mail links to. It sends the token
 * once, on load (accepting is what the link is for), and says whose alerts they now get.
 */
export function GuardianConfirmPage() {
  const { t } = useTranslation('alerts');
  const { errorText, codeText } = useErrorText();
  const [params] = useSearchParams();
  const token = readLinkToken(params.get('token'));
  const confirm = useMutation({ mutationFn: confirmGuardian });
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !token) return;
    started.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  let outcome;
  if (!token) {
    outcome = <LinkOutcome tone="failed">{codeText('GUARDIAN_LINK_INVALID')}</LinkOutcome>;
  } else if (confirm.isSuccess) {
    outcome = (
      <LinkOutcome tone="done">
        {t('confirmGuardian.done', { qrName: confirm.data.qrName || t('thisQr') })}
      </LinkOutcome>
    );
  } else if (confirm.isError) {
    const code = linkFailureCode(confirm.error, 'GUARDIAN_LINK_INVALID');
    outcome = (
      <LinkOutcome tone="failed">{code ? codeText(code) : errorText(confirm.error)}</LinkOutcome>
    );
  } else {
    outcome = <LinkOutcome tone="busy">{t('confirmGuardian.checking')}</LinkOutcome>;
  }

  return (
    <LinkPage pageTitle={t('confirmGuardian.pageTitle')} title={t('confirmGuardian.title')}>
      {outcome}
    </LinkPage>
  );
}
