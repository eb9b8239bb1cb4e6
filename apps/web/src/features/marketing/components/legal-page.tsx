import type { ReactNode } from 'react';

/** The frame of the policy pages: a heading, the last-updated line, then readable sections. */
export function LegalPage({
  heading,
  lastUpdated,
  intro,
  children,
}: {
  heading: string;
  lastUpdated: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <header className="border-b border-slate-200 pb-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
        <p className="mt-2 text-sm text-slate-600">{lastUpdated}</p>
        <p className="mt-5 text-lg text-slate-700">{intro}</p>
      </header>
      <div className="divide-y divide-slate-200">{children}</div>
    </article>
  );
}

export function LegalSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="py-6">
      <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
      <div className="mt-3 space-y-3 leading-relaxed text-slate-700">{children}</div>
    </section>
  );
}

/**
 * A bulleted list. With `leadIn`, an item written as "Label: text" shows its label in bold
 * (the translations keep label and text in one sentence).
 */
export function BulletList({ items, leadIn = false }: { items: string[]; leadIn?: boolean }) {
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-brand-700">
      {items.map((item, index) => {
        const match = leadIn ? item.match(/^([^:]{1,40}):\s(.+)$/s) : null;
        return (
          <li key={index}>
            {match ? (
              <>
                <strong className="font-semibold text-slate-900">{match[1]}:</strong> {match[2]}
              </>
            ) : (
              item
            )}
          </li>
        );
      })}
    </ul>
  );
}
