import { useTranslation } from 'react-i18next';

const locale = (language: string) => (language === 'hi' ? 'hi-IN' : 'en-IN');

/** Dates and times as India reads them, in the page's language, whatever the browser's zone. */
export function useOrganizationDates() {
  const { i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(locale(i18n.language), {
    dateStyle: 'medium',
    timeZone: 'Asia/Kolkata',
  });
  const moment = new Intl.DateTimeFormat(locale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  });
  return {
    /** `23 Nov 2026` */
    formatDay: (iso: string) => day.format(new Date(iso)),
    /** `23 Nov 2026, 7:26 pm` */
    formatMoment: (iso: string) => moment.format(new Date(iso)),
  };
}
