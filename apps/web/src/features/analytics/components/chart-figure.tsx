import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A chart with its text alternatives: the title, a summary sentence read by everyone, the drawing
 * (hidden from screen readers) and its numbers as a table behind 'Show the numbers as a table'.
 */
export function ChartFigure({
  id,
  title,
  summary,
  columns,
  rows,
  children,
}: {
  id: string;
  title: string;
  summary: string;
  /** The table's two headers: what is counted, and 'Scans'. */
  columns: [string, string];
  rows: Array<[string, string]>;
  children: ReactNode;
}) {
  const { t } = useTranslation('analytics');
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold text-slate-900">
        {title}
      </h2>
      <figcaption className="mt-1 text-sm text-slate-600">{summary}</figcaption>
      <div aria-hidden="true" className="mt-3">
        {children}
      </div>
      <details className="mt-2 text-sm">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">
          {t('charts.showTable')}
        </summary>
        <div className="max-h-72 overflow-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-1 pr-2 font-medium">
                  {columns[0]}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  {columns[1]}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value], index) => (
                <tr key={`${label}-${index}`} className="border-b border-slate-100">
                  <th scope="row" className="py-1 pr-2 font-normal">
                    {label}
                  </th>
                  <td className="py-1 text-right tabular-nums">{value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
