import type { ReactNode } from 'react';

const tones = {
  error: { box: 'border-red-200 bg-red-50', title: 'text-red-900', text: 'text-red-800' },
  warning: { box: 'border-amber-300 bg-amber-50', title: 'text-amber-950', text: 'text-amber-950' },
} as const;

/** A message that needs attention now (announced by screen readers), with an optional title. */
export function Alert({
  tone = 'error',
  title,
  children,
  actions,
}: {
  tone?: keyof typeof tones;
  title?: ReactNode;
  children: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
}) {
  const style = tones[tone];
  return (
    <section role="alert" className={`rounded-2xl border p-4 sm:p-5 ${style.box}`}>
      {title && <h2 className={`text-lg font-bold ${style.title}`}>{title}</h2>}
      <p className={`${title ? 'mt-1 ' : ''}font-medium ${style.text}`}>{children}</p>
      {actions}
    </section>
  );
}
