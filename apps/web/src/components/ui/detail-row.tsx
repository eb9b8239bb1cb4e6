import type { ReactNode } from 'react';

/**
 * One label and value of a details list (`<dl>`): side by side on every width ('split', the
 * compact rows of the scan page and QR details), or stacked on a phone and side by side from
 * the small breakpoint ('stacked', the profile and demo pages).
 */
export function DetailRow({
  label,
  children,
  layout = 'split',
}: {
  label: ReactNode;
  children: ReactNode;
  layout?: 'split' | 'stacked';
}) {
  return layout === 'split' ? (
    <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-2 py-2">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="break-words font-medium text-slate-900">{children}</dd>
    </div>
  ) : (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}
