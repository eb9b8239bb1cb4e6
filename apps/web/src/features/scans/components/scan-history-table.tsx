import type { Scan } from '@carecode/domain/scans/scan.schema';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable, SortHeader } from '../../../components/ui/table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { scanHistoryQueryOptions } from '../api/get-scan-history.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { deviceLabel, formatScanTime, mapLink, shortQrId } from '../lib/format.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { EraseLocationButton } from './erase-location-button.tsx';

/** Spec §9: 5 scans a page. */
export const SCAN_HISTORY_PAGE_SIZE = 5;
export const SEARCH_DEBOUNCE_MS = 300;

export interface ScanHistoryTableProps {
  /** Only this QR's scans; all the owner's scans when absent. */
  qrId?: string;
  /** The scans of this organisation's codes instead of the owner's own. */
  organizationId?: string;
}

/** What followed a scan: calls through the bridge and messages with the owner. */
function ScanActivity({ scan }: { scan: Scan }) {
  const { t } = useTranslation('scans');
  if (!scan.calls?.length && !scan.messageCount) return null;
  return (
    <ul className="mt-1 space-y-0.5 text-sm text-slate-600">
      {scan.calls?.map((call) => (
        <li key={call.id}>
          {t('history.call', {
            outcome: call.simulated
              ? t('history.callStatus.simulated')
              : call.status === 'completed'
                ? t('history.callStatus.completed', { seconds: call.durationSeconds ?? 0 })
                : t(`history.callStatus.${call.status}`),
            last2: call.scannerLast2,
          })}
        </li>
      ))}
      {scan.messageCount ? <li>{t('history.messages', { count: scan.messageCount })}</li> : null}
    </ul>
  );
}

/**
 * Scan history: 5 a page, searchable by QR ID or device, sortable by time (newest first by
 * default), QR IDs truncated to 8 characters, a map link when a location was shared; rows lead
 * to the QR's page. New scans and locations appear live (the signed-in layout follows them).
 */
export function ScanHistoryTable({ qrId, organizationId }: ScanHistoryTableProps) {
  const { t, i18n } = useTranslation('scans');
  const { errorText } = useErrorText();
  const navigate = useNavigate();
  const titleId = useId();
  const searchId = useId();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<'desc' | 'asc'>('desc');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);

  useEffect(() => setPage(1), [q, sort, qrId, organizationId]);

  const { data, error, isPending, isFetching } = useQuery(
    scanHistoryQueryOptions({
      qrId,
      organizationId,
      page,
      pageSize: SCAN_HISTORY_PAGE_SIZE,
      q: q || undefined,
      sort,
    }),
  );
  const total = data?.total ?? 0;
  const formatNumber = (value: number) =>
    value.toLocaleString(i18n.language === 'hi' ? 'hi-IN' : 'en-IN');
  // Beyond SCAN_COUNT_CAP scans the server counts no further: paging goes on while pages are full.
  const isCapped = Boolean(data?.isTotalCapped);
  const pageCount = Math.max(1, Math.ceil(total / SCAN_HISTORY_PAGE_SIZE));
  const hasNext = isCapped
    ? (data?.items.length ?? 0) === SCAN_HISTORY_PAGE_SIZE
    : page < pageCount;

  useEffect(() => {
    if (data && !isCapped && page > pageCount) setPage(pageCount);
  }, [data, isCapped, page, pageCount]);

  let body;
  if (isPending) {
    body = <LoadingView />;
  } else if (error) {
    body = <ErrorView message={errorText(error, t('history.loadError'))} />;
  } else if (!data.items.length) {
    body = (
      <p className="py-8 text-center text-slate-600">
        {q ? t('history.noMatches') : t('history.empty')}
      </p>
    );
  } else {
    body = (
      <div className="-mx-4 overflow-x-auto sm:mx-0">
        <DataTable caption={t('history.caption')} busy={isFetching}>
          <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('history.columns.qrId')}
              </th>
              <SortHeader
                label={t('history.columns.time')}
                direction={sort}
                onToggle={() => setSort(sort === 'desc' ? 'asc' : 'desc')}
                className="px-4 py-2 font-semibold"
                buttonClassName="-mx-2 inline-flex min-h-11 items-center gap-1 rounded px-2 uppercase tracking-wide hover:bg-slate-100"
                buttonLabel={
                  sort === 'desc' ? t('history.sortOldestFirst') : t('history.sortNewestFirst')
                }
              />
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('history.columns.device')}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t('history.columns.location')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {data.items.map((scan) => (
              <tr
                key={scan.scanId}
                onClick={() => navigate(`/qr-data/${scan.qrId}`)}
                className="cursor-pointer hover:bg-slate-50"
              >
                <td className="px-4 py-2">
                  <Link
                    to={`/qr-data/${scan.qrId}`}
                    title={scan.qrId}
                    aria-label={t('history.openQr', { id: shortQrId(scan.qrId) })}
                    onClick={(event) => event.stopPropagation()}
                    className="inline-flex min-h-11 items-center font-mono font-semibold text-blue-700 underline underline-offset-2"
                  >
                    {shortQrId(scan.qrId)}
                  </Link>
                </td>
                <td className="whitespace-nowrap px-4 py-2 text-slate-800">
                  <time dateTime={scan.scanTimestamp}>
                    {formatScanTime(scan.scanTimestamp, i18n.language)}
                  </time>
                </td>
                <td className="px-4 py-2 text-slate-800">
                  {deviceLabel(scan.deviceInfo, t)}
                  <ScanActivity scan={scan} />
                </td>
                <td className="px-4 py-2">
                  {scan.location ? (
                    <span className="inline-flex flex-wrap items-center gap-x-3">
                      <a
                        href={mapLink(scan.location.latitude, scan.location.longitude)}
                        target="_blank"
                        rel="noopener noreferrer"
                        onClick={(event) => event.stopPropagation()}
                        className="inline-flex min-h-11 items-center font-semibold text-blue-700 underline underline-offset-2"
                      >
                        {t('history.viewOnMap')}
                      </a>
                      <EraseLocationButton
                        scanId={scan.scanId}
                        timeLabel={formatScanTime(scan.scanTimestamp, i18n.language)}
                      />
                    </span>
                  ) : (
                    <span className="text-slate-500">{t('history.noLocation')}</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    );
  }

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('history.title')}
        </h2>
        <div className="flex flex-col gap-1 sm:w-72">
          <label htmlFor={searchId} className="text-sm font-medium text-slate-700">
            {t('history.searchLabel')}
          </label>
          <input
            id={searchId}
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={100}
            placeholder={t('history.searchPlaceholder')}
            className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
          />
        </div>
      </div>
      <div className="mt-4">{body}</div>
      {data && total > 0 && (
        <nav
          aria-label={t('history.pagination')}
          className="mt-4 flex flex-wrap items-center justify-between gap-2"
        >
          <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            {t('history.previous')}
          </Button>
          <p className="text-sm text-slate-600" aria-live="polite">
            {t(isCapped ? 'history.pageOfMany' : 'history.pageOf', {
              page: formatNumber(page),
              pages: formatNumber(pageCount),
              total: formatNumber(total),
              count: total,
            })}
          </p>
          <Button variant="secondary" onClick={() => setPage(page + 1)} disabled={!hasNext}>
            {t('history.next')}
          </Button>
        </nav>
      )}
    </section>
  );
}
