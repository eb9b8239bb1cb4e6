import type { Analytics } from '@carecode/domain/analytics/analytics.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { LockIcon } from '../../../components/ui/icons.tsx';
import { AnalyticsView } from './analytics-view.tsx';

/** Made-up numbers for the locked preview: never the owner's data. */
const sample: Analytics = {
  from: '2026-01-01',
  to: '2026-01-14',
  granularity: 'day',
  timeZone: 'Asia/Kolkata',
  qrId: null,
  totals: {
    scans: 86,
    located: 23,
    locatedShare: 23 / 86,
    codes: 4,
    calls: 9,
    connectedCalls: 7,
    messages: 12,
    replies: 10,
  },
  series: [3, 5, 4, 8, 6, 2, 7, 9, 5, 6, 11, 4, 7, 9].map((scans, i) => {
    const day = `2026-01-${String(i + 1).padStart(2, '0')}`;
    return { start: day, end: day, scans };
  }),
  byKind: [
    { type: 'CHILD', scans: 41 },
    { type: 'LUGGAGE', scans: 27 },
    { type: 'VEHICLE', scans: 18 },
  ],
  byQr: {
    items: [
      { qrId: 'a', type: 'CHILD', name: 'School bag', scans: 41 },
      { qrId: 'b', type: 'LUGGAGE', name: 'Blue suitcase', scans: 27 },
      { qrId: 'c', type: 'VEHICLE', name: 'MH12AB1234', scans: 18 },
    ],
    others: 0,
  },
  byDevice: [
    { deviceType: 'mobile', scans: 74 },
    { deviceType: 'tablet', scans: 8 },
    { deviceType: 'desktop', scans: 4 },
  ],
  byOs: [
    { os: 'Android', scans: 58 },
    { os: 'iOS', scans: 24 },
    { os: 'Windows', scans: 4 },
  ],
  byHour: [0, 0, 0, 0, 0, 1, 2, 6, 9, 8, 5, 4, 6, 5, 4, 7, 9, 8, 5, 3, 2, 1, 1, 0],
};

/**
 * Free and Basic: what analytics looks like, blurred over made-up numbers (hidden from screen
 * readers and unreachable by keyboard), with the way to Premium and Business.
 */
export function LockedPreview() {
  const { t } = useTranslation('analytics');
  return (
    <section aria-labelledby="analytics-locked-title" className="relative">
      <div
        aria-hidden="true"
        inert
        data-testid="analytics-sample"
        className="pointer-events-none max-h-[40rem] overflow-hidden blur-[3px] select-none"
      >
        <AnalyticsView data={sample} />
      </div>
      <div className="absolute inset-x-0 top-8 flex justify-center px-2">
        <div className="max-w-md rounded-2xl border border-slate-200 bg-white/95 p-5 text-center shadow-lg">
          <LockIcon className="mx-auto h-8 w-8 text-brand-700" />
          <h2 id="analytics-locked-title" className="mt-2 text-lg font-bold text-slate-900">
            {t('locked.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{t('locked.text')}</p>
          <p className="mt-1 text-xs text-slate-500">{t('locked.sample')}</p>
          <Link to="/pricing" className={`${buttonClass('primary')} mt-4`}>
            {t('locked.cta')}
          </Link>
        </div>
      </div>
    </section>
  );
}
