import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { unsubscribeAlerts } from '../api/unsubscribe-alerts.ts';
import { linkFailureCode, readLinkToken } from '../lib/link-token.ts';
import { LinkOutcome, LinkPage } from './link-page.tsx';

/**
 * /alerts/unsubscribe?token=: the page an alert mail's unsubscribe link opens. Nothing happens on
 * load (mail scanners follow links); 'Stop these alerts' sends the token.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('alerts');
  const { errorText, codeText } = useErrorText();
  const [params] = useSearchParams();
  const token = readLinkToken(params.get('token'));
  const unsubscribe = useMutation({ mutationFn: unsubscribeAlerts });
  const failureCode = unsubscribe.isError
    ? linkFailureCode(unsubscribe.error, 'UNSUBSCRIBE_LINK_INVALID')
    : undefined;
  const isLinkDead =
    !token ||
    !!failureCode ||
    (unsubscribe.error instanceof ApiError &&
      unsubscribe.error.code === 'UNSUBSCRIBE_LINK_INVALID');

  let outcome = null;
  if (!token) {
    outcome = <LinkOutcome tone="failed">{codeText('UNSUBSCRIBE_LINK_INVALID')}</LinkOutcome>;
  } else if (unsubscribe.isSuccess) {
    outcome = (
      <LinkOutcome tone="done">
        {t('unsubscribe.done', { qrName: unsubscribe.data.qrName || t('thisQr') })}
      </LinkOutcome>
    );
  } else if (unsubscribe.isError) {
    outcome = (
      <LinkOutcome tone="failed">
        {failureCode ? codeText(failureCode) : errorText(unsubscribe.error)}
      </LinkOutcome>
    );
  }

  return (
    <LinkPage pageTitle={t('unsubscribe.pageTitle')} title={t('unsubscribe.title')}>
      {!unsubscribe.isSuccess && !isLinkDead && (
        <>
          <p className="mt-3 text-slate-700">{t('unsubscribe.question')}</p>
          <Button
            variant="danger"
            className="mt-4"
            onClick={() => token && unsubscribe.mutate(token)}
            disabled={unsubscribe.isPending}
            aria-busy={unsubscribe.isPending}
          >
            {t('unsubscribe.button')}
          </Button>
        </>
      )}
      {outcome}
    </LinkPage>
  );
}
