import type { ReactNode } from 'react';

/** The frame of the sign-in and registration screens: a centred card, full width on phones. */
export function AuthCard({
  heading,
  intro,
  children,
  footer,
}: {
  heading: string;
  intro?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-6 sm:py-12">
      <section
        aria-labelledby="auth-heading"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
      >
        <h1 id="auth-heading" className="text-2xl font-bold text-slate-900">
          {heading}
        </h1>
        {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
        <div className="mt-6">{children}</div>
      </section>
      {footer && <div className="mt-4 text-center text-sm text-slate-700">{footer}</div>}
    </div>
  );
}

/** A server answer shown above the form. */
export function AuthAlert({ message }: { message: string }) {
  return (
    <div
      role="alert"
      className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800"
    >
      {message}
    </div>
  );
}
