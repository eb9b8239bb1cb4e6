import type { HTMLAttributes } from 'react';

export type BadgeTone = 'green' | 'red' | 'amber' | 'yellow' | 'blue' | 'slate';

export const badgeToneClass: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/30',
  red: 'bg-red-100 text-red-800 ring-red-600/30',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/30',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-600/40',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/30',
  slate: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/** A small coloured label; the tone is also exposed as data-tone. */
export function Badge({
  tone,
  className = '',
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone: BadgeTone }) {
  return (
    <span
      data-tone={tone}
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${badgeToneClass[tone]} ${className}`}
      {...props}
    />
  );
}
