import type { ReactNode } from 'react';

const MARK = '\u0000';

/**
 * Renders a translated sentence with its {{email}} placeholder as a mailto link:
 * `t('key', { email: MARK })` is split at the marker, so translators keep the whole sentence.
 */
export function EmailText({
  render,
  email,
}: {
  render: (email: string) => string;
  email: string;
}): ReactNode {
  const [before, after = ''] = render(MARK).split(MARK);
  return (
    <>
      {before}
      <a
        className="font-medium break-words text-brand-700 underline underline-offset-2"
        href={`mailto:${email}`}
      >
        {email}
      </a>
      {after}
    </>
  );
}
