import type { FetchCall } from './api-mock.ts';

/** QR ids the scan-history tests scan. */
export const QR_A = 'AbCdEfGh12345678901234';
export const QR_B = 'ZyXwVuTs98765432109876';

/** The n-th scan of a QR as the history answers it (a minute apart), with a location or none. */
export const scan = (n: number, qrId = QR_A, location: unknown = null) => ({
  scanId: `scan-${n}`,
  qrId,
  scanTimestamp: new Date(Date.UTC(2025, 5, 27, 10, n)).toISOString(),
  deviceInfo: { browser: 'Chrome', os: 'Android', deviceType: 'mobile' },
  location,
});

/** A history page of 5 as the API answers it. */
export const page = (items: unknown[], total = items.length, pageNo = 1) => ({
  items,
  total,
  page: pageNo,
  pageSize: 5,
});

/** The history reads among recorded calls (the live event stream left out). */
export const historyCalls = (calls: FetchCall[]) =>
  calls.filter((call) => !call.url.endsWith('/scans/events')).map((call) => call.url);
