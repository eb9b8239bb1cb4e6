import {
  analyticsGranularities,
  analyticsQuerySchema,
  type AnalyticsGranularity,
} from '@carecode/domain/analytics/analytics.schema';
import { zodIssuesToFields } from '@carecode/domain/errors/error-body.schema';
import { qrDisplayName, type QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { controlClass, FormField } from '../../../components/ui/form-field.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { LoadingView } from '../../../components/ui/loading-view.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentPlan, useCurrentUser } from '../../../lib/current-user.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { analyticsQueryOptions, downloadPeriodCsv } from '../api/get-analytics.ts';
import { formatDay, periodPresets, presetPeriod, type PeriodPreset } from '../lib/period.ts';
import { AnalyticsView } from './analytics-view.tsx';
import { LockedPreview } from './locked-preview.tsx';

interface Period {
  from: string;
  to: string;
  granularity: AnalyticsGranularity;
  /** One code's scans; absent: every code. */
  qrId?: string;
}

/**
 * /analytics: the owner's scans counted (Premium, Business); a locked preview for the others.
 * `codes` fill the QR code picker (the route loads them).
 */
export function AnalyticsPage({ codes = [] }: { codes?: readonly QrCode[] }) {
  const { t } = useTranslation('analytics');
  const plan = useCurrentPlan();
  const me = useCurrentUser();
  const isLocked = plan === 'FREE' || plan === 'BASIC';

  return (
    <div className="mx-auto max-w-6xl space-y-4 px-4 py-6">
      <title>{`${t('title')} · CareCode`}</title>
      <div>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('intro')}</p>
      </div>
      {me.isPending && !me.data ? (
        <LoadingView hint={false} />
      ) : isLocked ? (
        <LockedPreview />
      ) : (
        <PaidAnalytics codes={codes} />
      )}
    </div>
  );
}

function PaidAnalytics({ codes }: { codes: readonly QrCode[] }) {
  const { t, i18n } = useTranslation('analytics');
  const { errorText, fieldText } = useErrorText();
  const [preset, setPreset] = useState<PeriodPreset>('last30');
  const [period, setPeriod] = useState<Period>(() => presetPeriod('last30'));
  const [custom, setCustom] = useState({ from: period.from, to: period.to });
  const [customErrors, setCustomErrors] = useState<Record<string, string>>({});
  const [download, setDownload] = useState<{ busy?: boolean; error?: string; done?: boolean }>({});
  const query = useQuery(analyticsQueryOptions(period));

  const choosePreset = (next: PeriodPreset) => {
    setPreset(next);
    if (next !== 'custom') {
      const chosen = presetPeriod(next);
      setPeriod({ ...chosen, qrId: period.qrId });
      setCustom({ from: chosen.from, to: chosen.to });
      setCustomErrors({});
    }
  };

  const applyCustom = (event: FormEvent) => {
    event.preventDefault();
    const parsed = analyticsQuerySchema.safeParse({ ...custom, granularity: period.granularity });
    if (!parsed.success) {
      setCustomErrors(zodIssuesToFields(parsed.error.issues));
      return;
    }
    setCustomErrors({});
    setPeriod({
      from: parsed.data.from,
      to: parsed.data.to,
      granularity: parsed.data.granularity,
      qrId: period.qrId,
    });
  };

  const downloadCsv = async () => {
    setDownload({ busy: true });
    try {
      await downloadPeriodCsv({ from: period.from, to: period.to, qrId: period.qrId });
      setDownload({ done: true });
    } catch (error) {
      setDownload({ error: errorText(error) });
    }
  };

  if (query.error instanceof ApiError && query.error.code === 'ANALYTICS_PLAN') {
    return <LockedPreview />;
  }

  return (
    <>
      <section
        aria-label={t('period.legend')}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
      >
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('period.legend')}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {periodPresets.map((option) => (
              <label
                key={option}
                className={`inline-flex min-h-11 cursor-pointer items-center rounded-lg border px-3 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-100 ${
                  preset === option
                    ? 'border-brand-700 bg-brand-50 text-brand-800'
                    : 'border-slate-300 text-slate-700'
                }`}
              >
                <input
                  type="radio"
                  name="analytics-period"
                  value={option}
                  checked={preset === option}
                  onChange={() => choosePreset(option)}
                  className="sr-only"
                />
                {t(`period.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        {preset === 'custom' && (
          <form
            onSubmit={applyCustom}
            noValidate
            className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
          >
            <FormField
              id="analytics-from"
              label={t('period.from')}
              error={customErrors.from && fieldText(customErrors.from)}
            >
              <input
                type="date"
                value={custom.from}
                onChange={(event) => setCustom({ ...custom, from: event.target.value })}
                className={controlClass(Boolean(customErrors.from))}
              />
            </FormField>
            <FormField
              id="analytics-to"
              label={t('period.to')}
              error={customErrors.to && fieldText(customErrors.to)}
            >
              <input
                type="date"
                value={custom.to}
                onChange={(event) => setCustom({ ...custom, to: event.target.value })}
                className={controlClass(Boolean(customErrors.to))}
              />
            </FormField>
            <Button type="submit">{t('period.apply')}</Button>
          </form>
        )}
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-3 sm:flex-row">
            <div className="sm:w-64">
              <FormField id="analytics-qr" label={t('qrPicker.label')}>
                <select
                  value={period.qrId ?? ''}
                  onChange={(event) =>
                    setPeriod({ ...period, qrId: event.target.value || undefined })
                  }
                  className={controlClass(false)}
                >
                  <option value="">{t('qrPicker.all')}</option>
                  {codes.map((qr) => (
                    <option key={qr.id} value={qr.id}>
                      {qrDisplayName(qr.type, qr.details) || t(`qr-codes:types.${qr.type}.label`)}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <div className="sm:w-48">
              <FormField id="analytics-granularity" label={t('granularity.label')}>
                <select
                  value={period.granularity}
                  onChange={(event) =>
                    setPeriod({
                      ...period,
                      granularity: event.target.value as AnalyticsGranularity,
                    })
                  }
                  className={controlClass(false)}
                >
                  {analyticsGranularities.map((option) => (
                    <option key={option} value={option}>
                      {t(`granularity.${option}`)}
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
          </div>
          <div className="flex flex-col gap-1 sm:items-end">
            <Button
              variant="secondary"
              onClick={() => void downloadCsv()}
              disabled={download.busy}
              aria-busy={download.busy}
            >
              <DownloadIcon />
              {download.busy ? t('export.preparing') : t('export.button')}
            </Button>
            <p role="status" aria-live="polite" className="text-sm">
              {download.error ? (
                <span className="text-red-700">{download.error}</span>
              ) : download.done ? (
                <span className="text-green-700">{t('export.done')}</span>
              ) : null}
            </p>
          </div>
        </div>
        <p className="text-sm text-slate-600" data-testid="analytics-period">
          {t('period.showing', {
            from: formatDay(period.from, i18n.language),
            to: formatDay(period.to, i18n.language),
          })}
        </p>
      </section>

      {query.isPending ? (
        <LoadingView hint={false} />
      ) : query.isError && !query.data ? (
        <Alert title={t('common:state.error')}>{errorText(query.error)}</Alert>
      ) : query.data ? (
        <div aria-busy={query.isFetching}>
          {query.data.totals.scans === 0 ? (
            <section className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
              <h2 className="text-lg font-semibold text-slate-900">{t('empty.title')}</h2>
              <p className="mt-1 text-slate-600">{t('empty.text')}</p>
            </section>
          ) : (
            <AnalyticsView data={query.data} />
          )}
        </div>
      ) : null}
    </>
  );
}
