import type { ReactNode } from 'react';

/** A data table: at least 34 rem wide (it scrolls sideways on a phone), with a caption for screen readers. */
export function DataTable({
  caption,
  busy,
  children,
}: {
  caption: string;
  /** Rows are being fetched (announced by aria-busy). */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <table className="w-full min-w-[34rem] text-left text-sm" aria-busy={busy}>
      <caption className="sr-only">{caption}</caption>
      {children}
    </table>
  );
}

/**
 * A column header that sorts: aria-sort says the current order, and its button turns it round.
 * `buttonLabel` names what the button will do; `srHint` is read after the label instead.
 */
export function SortHeader({
  label,
  direction,
  onToggle,
  className,
  buttonClassName,
  buttonLabel,
  srHint,
}: {
  label: string;
  direction: 'asc' | 'desc';
  onToggle: () => void;
  className: string;
  buttonClassName: string;
  buttonLabel?: string;
  srHint?: string;
}) {
  return (
    <th
      scope="col"
      className={className}
      aria-sort={direction === 'desc' ? 'descending' : 'ascending'}
    >
      <button type="button" onClick={onToggle} className={buttonClassName} aria-label={buttonLabel}>
        {label}
        <span aria-hidden="true">{direction === 'desc' ? '↓' : '↑'}</span>
        {srHint && <span className="sr-only">{srHint}</span>}
      </button>
    </th>
  );
}
