import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { auditLogQueryOptions } from '../api/get-audit-log.ts';
import { useAuditSentence } from '../lib/audit-sentence.ts';
import { useOrganizationDates } from '../lib/format.ts';

/** 'Activity' (admins): who changed what, newest first, a page at a time. */
export function AuditLog({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('organizations');
  const { errorText } = useErrorText();
  const { formatMoment } = useOrganizationDates();
  const sentence = useAuditSentence();
  const id = useId();
  const audit = useInfiniteQuery(auditLogQueryOptions(organizationId));
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  let body;
  if (audit.isPending) body = <LoadingView hint={false} />;
  else if (audit.error && !audit.data) body = <ErrorView message={errorText(audit.error)} />;
  else if (entries.length === 0)
    body = <p className="text-sm text-slate-600">{t('audit.empty')}</p>;
  else {
    body = (
      <>
        <ol aria-labelledby={`${id}-heading`} className="divide-y divide-slate-100">
          {entries.map((entry) => (
            <li key={entry.id} className="py-2">
              <p className="break-words text-slate-900">{sentence(entry)}</p>
              <p className="text-xs text-slate-600">
                <time dateTime={entry.at}>{formatMoment(entry.at)}</time>
              </p>
            </li>
          ))}
        </ol>
        {audit.hasNextPage && (
          <Button
            variant="secondary"
            onClick={() => void audit.fetchNextPage()}
            disabled={audit.isFetchingNextPage}
            aria-busy={audit.isFetchingNextPage}
          >
            {audit.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
          </Button>
        )}
      </>
    );
  }

  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="space-y-2 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id={`${id}-heading`} className="text-lg font-bold text-slate-900">
        {t('audit.heading')}
      </h2>
      {body}
    </section>
  );
}
