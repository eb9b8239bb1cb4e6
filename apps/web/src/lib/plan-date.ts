import { useTranslation } from 'react-i18next';

/**
 * A plan's end date as India reads it, in the page's language ('23 December 2026' /
 * '23 दिसंबर 2026'): the calendar day in Asia/Kolkata, wherever the browser is.
 */
export function usePlanDate(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'long',
    timeZone: 'Asia/Kolkata',
  });
  return (iso) => format.format(new Date(iso));
}
