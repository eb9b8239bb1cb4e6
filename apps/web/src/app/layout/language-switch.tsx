import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';

/**
 * The language button. `withoutScript` (the server-rendered scan page): the button submits a
 * plain form asking the server for the page in the other language (`?lang=`), so it works with
 * JavaScript off; with JavaScript it switches in place, as everywhere else.
 */
export function LanguageSwitch({
  className = '',
  withoutScript = false,
}: {
  className?: string;
  withoutScript?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const isHindi = i18n.resolvedLanguage === 'hi';
  const next = isHindi ? 'en' : 'hi';
  const onClick = (event: MouseEvent) => {
    event.preventDefault();
    setLanguage(next);
  };
  const button = (
    <button
      type={withoutScript ? 'submit' : 'button'}
      lang={next}
      onClick={onClick}
      aria-label={`${t('nav.language')}: ${isHindi ? t('nav.switchToEnglish') : t('nav.switchToHindi')}`}
      className={`min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 ${className}`}
    >
      {isHindi ? t('nav.switchToEnglish') : t('nav.switchToHindi')}
    </button>
  );
  if (!withoutScript) return button;
  return (
    <form method="get" className="contents">
      <input type="hidden" name="lang" value={next} />
      {button}
    </form>
  );
}
