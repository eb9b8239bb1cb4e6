import type { Analytics } from '@carecode/domain/analytics/analytics.schema';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { runtimeConfig } from '../../../lib/runtime-config.ts';
import { formatDay, formatMonth } from '../lib/period.ts';
import { ChartFigure } from './chart-figure.tsx';

const BAR = '#b91c1c';
const AXIS = { fontSize: 12, fill: '#475569' };

interface Row {
  label: string;
  scans: number;
}

const shorten = (text: string, max = 14) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Rows as horizontal bars: labels at the left, readable at 360 px. */
function HorizontalBars({ rows, name }: { rows: Row[]; name: string }) {
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, rows.length * 34 + 30)}>
      <BarChart
        data={rows}
        layout="vertical"
        accessibilityLayer={false}
        margin={{ left: 0, right: 16 }}
      >
        <CartesianGrid horizontal={false} stroke="#e2e8f0" />
        <XAxis type="number" allowDecimals={false} tick={AXIS} />
        <YAxis
          type="category"
          dataKey="label"
          width={104}
          tick={AXIS}
          tickFormatter={(value: string) => shorten(value)}
          interval={0}
        />
        <Tooltip />
        <Bar dataKey="scans" name={name} fill={BAR} isAnimationActive={false} barSize={18} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** The numbers and charts of a period's analytics. */
export function AnalyticsView({ data }: { data: Analytics }) {
  const { t, i18n } = useTranslation(['analytics', 'qr-codes']);
  const language = i18n.language;
  const locale = language === 'hi' ? 'hi-IN' : 'en-IN';
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const n = (value: number) => number.format(value);
  const scansName = t('table.scans');
  const { totals } = data;

  const bucketLabel = (bucket: { start: string; end: string }) =>
    data.granularity === 'month'
      ? formatMonth(bucket.start, language)
      : data.granularity === 'week'
        ? `${formatDay(bucket.start, language, false)}–${formatDay(bucket.end, language)}`
        : formatDay(bucket.start, language);
  const tickLabel = (start: string) =>
    data.granularity === 'month' ? formatMonth(start, language) : formatDay(start, language, false);
  const series = data.series.map((bucket) => ({ ...bucket, label: bucketLabel(bucket) }));
  const peak = series.reduce<(typeof series)[number] | undefined>(
    (best, bucket) => (!best || bucket.scans > best.scans ? bucket : best),
    undefined,
  );

  const kindLabel = (type: string) => t(`qr-codes:types.${type}.label`);
  const deviceLabel = (type: string) => t(`devices.${type}`, { defaultValue: type }) as string;
  const osLabel = (os: string) => (os === 'unknown' ? t('unknownOs') : os);
  const hourLabel = (hour: number) =>
    t('hour', {
      from: `${String(hour).padStart(2, '0')}:00`,
      to: `${String(hour).padStart(2, '0')}:59`,
    });

  const byKind: Row[] = data.byKind.map((kind) => ({
    label: kindLabel(kind.type),
    scans: kind.scans,
  }));
  const byQr: Row[] = data.byQr.items.map((qr) => ({
    label: qr.name || t('unnamed'),
    scans: qr.scans,
  }));
  if (data.byQr.others) byQr.push({ label: t('charts.others'), scans: data.byQr.others });
  const byDevice: Row[] = data.byDevice.map((d) => ({
    label: deviceLabel(d.deviceType),
    scans: d.scans,
  }));
  const byOs: Row[] = data.byOs.map((o) => ({ label: osLabel(o.os), scans: o.scans }));
  const byHour = data.byHour.map((scans, hour) => ({ hour, label: String(hour), scans }));
  const busiestHour = byHour.reduce((best, h) => (h.scans > best.scans ? h : best), byHour[0]);

  const topSentence = (rows: Row[]) =>
    rows.length
      ? t('summary.top', { name: rows[0].label, scans: n(rows[0].scans), total: n(totals.scans) })
      : '';
  const tableRows = (rows: Row[]): Array<[string, string]> =>
    rows.map((row) => [row.label, n(row.scans)]);
  const from = formatDay(data.from, language);
  const to = formatDay(data.to, language);

  const cards = [
    {
      id: 'scans',
      label: t('totals.scans'),
      value: n(totals.scans),
      detail: t('totals.codes', { count: totals.codes }),
    },
    {
      id: 'located',
      label: t('totals.located'),
      value: percent.format(totals.locatedShare),
      detail: t('totals.locatedShare', {
        count: totals.located,
        percent: percent.format(totals.locatedShare),
      }),
    },
    {
      id: 'calls',
      label: t('totals.calls'),
      value: n(totals.calls),
      detail: t('totals.connected', { count: totals.connectedCalls }),
    },
    {
      id: 'messages',
      label: t('totals.messages'),
      value: n(totals.messages),
      detail: t('totals.replies', { count: totals.replies }),
    },
  ];

  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {cards.map((card) => (
          <div
            key={card.id}
            data-testid={`total-${card.id}`}
            className="rounded-2xl border border-slate-200 bg-white p-3 sm:p-4"
          >
            <dt className="text-sm text-slate-600">{card.label}</dt>
            <dd className="text-2xl font-bold text-slate-900 tabular-nums">{card.value}</dd>
            <dd className="text-xs text-slate-600">{card.detail}</dd>
          </div>
        ))}
      </dl>

      <ChartFigure
        id="chart-over-time"
        title={t('charts.overTime')}
        summary={
          totals.scans && peak
            ? t('summary.overTime', {
                total: n(totals.scans),
                from,
                to,
                peak: peak.label,
                peakScans: n(peak.scans),
              })
            : t('summary.overTimeNone', { from, to })
        }
        columns={[t('table.period'), scansName]}
        rows={series.map((bucket) => [bucket.label, n(bucket.scans)])}
      >
        <ResponsiveContainer width="100%" height={220}>
          {series.length > 62 ? (
            <AreaChart data={series} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="start" tick={AXIS} tickFormatter={tickLabel} minTickGap={24} />
              <YAxis allowDecimals={false} width={36} tick={AXIS} />
              <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''} />
              <Area
                dataKey="scans"
                name={scansName}
                stroke={BAR}
                fill={BAR}
                fillOpacity={0.2}
                isAnimationActive={false}
              />
            </AreaChart>
          ) : (
            <BarChart data={series} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="start" tick={AXIS} tickFormatter={tickLabel} minTickGap={16} />
              <YAxis allowDecimals={false} width={36} tick={AXIS} />
              <Tooltip labelFormatter={(_, payload) => payload?.[0]?.payload?.label ?? ''} />
              <Bar dataKey="scans" name={scansName} fill={BAR} isAnimationActive={false} />
            </BarChart>
          )}
        </ResponsiveContainer>
      </ChartFigure>

      <div className="grid gap-4 lg:grid-cols-2">
        <ChartFigure
          id="chart-by-kind"
          title={t('charts.byKind')}
          summary={topSentence(byKind)}
          columns={[t('table.kind'), scansName]}
          rows={tableRows(byKind)}
        >
          <HorizontalBars rows={byKind} name={scansName} />
        </ChartFigure>
        <ChartFigure
          id="chart-by-qr"
          title={t('charts.byQr')}
          summary={topSentence(byQr)}
          columns={[t('table.qr'), scansName]}
          rows={tableRows(byQr)}
        >
          <HorizontalBars rows={byQr} name={scansName} />
        </ChartFigure>
        <ChartFigure
          id="chart-by-device"
          title={t('charts.byDevice')}
          summary={topSentence(byDevice)}
          columns={[t('table.device'), scansName]}
          rows={tableRows(byDevice)}
        >
          <HorizontalBars rows={byDevice} name={scansName} />
        </ChartFigure>
        <ChartFigure
          id="chart-by-os"
          title={t('charts.byOs')}
          summary={topSentence(byOs)}
          columns={[t('table.os'), scansName]}
          rows={tableRows(byOs)}
        >
          <HorizontalBars rows={byOs} name={scansName} />
        </ChartFigure>
      </div>

      <ChartFigure
        id="chart-by-hour"
        title={t('charts.byHour')}
        summary={
          totals.scans
            ? t('summary.byHour', {
                hour: hourLabel(busiestHour.hour),
                scans: n(busiestHour.scans),
              })
            : ''
        }
        columns={[t('table.hour'), scansName]}
        rows={byHour.map((h) => [hourLabel(h.hour), n(h.scans)])}
      >
        <ResponsiveContainer width="100%" height={200}>
          <BarChart data={byHour} accessibilityLayer={false} margin={{ left: 0, right: 8 }}>
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={AXIS} interval={2} />
            <YAxis allowDecimals={false} width={36} tick={AXIS} />
            <Tooltip labelFormatter={(_, payload) => hourLabel(payload?.[0]?.payload?.hour ?? 0)} />
            <Bar dataKey="scans" name={scansName} fill="#334155" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartFigure>

      <p className="text-sm text-slate-600">
        {t('locationNote', { days: runtimeConfig.retention.locationDays })}
      </p>
    </div>
  );
}
