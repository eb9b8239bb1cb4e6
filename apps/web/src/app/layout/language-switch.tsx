import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../lib/i18n.ts';

export function LanguageSwitch({ className = '' }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const isHindi = i18n.resolvedLanguage === 'hi';
  const next = isHindi ? 'en' : 'hi';
  return (
    <button
      type="button"
      lang={next}
      onClick={() => setLanguage(next)}
      aria-label={`${t('nav.language')}: ${isHindi ? t('nav.switchToEnglish') : t('nav.switchToHindi')}`}
      className={`min-h-11 rounded-lg border border-slate-300 px-3 text-sm font-medium hover:bg-slate-100 ${className}`}
    >
      {isHindi ? t('nav.switchToEnglish') : t('nav.switchToHindi')}
    </button>
  );
}
