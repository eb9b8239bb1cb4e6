import { planNames, plans, type PlanType } from '@carecode/domain/plans/plans';
import { layoutMail, type MailLanguage } from '../mail/mail-templates.ts';

/** A plan end as India reads it: '23 December 2026 at 11:30 am' / '23 दिसंबर 2026 को 11:30 am'. */
export function formatPlanEnd(date: Date, language: MailLanguage): string {
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'Asia/Kolkata',
  }).format(date);
}

const texts = {
  en: {
    subject: (plan: string, days: 7 | 1) =>
      days === 1
        ? `Your CareCode ${plan} plan ends tomorrow`
        : `Your CareCode ${plan} plan ends in 7 days`,
    heading: (plan: string, days: 7 | 1) =>
      days === 1 ? `Your ${plan} plan ends tomorrow` : `Your ${plan} plan ends in 7 days`,
    runsUntil: (plan: string, end: string) =>
      `Your ${plan} plan runs until ${end} (India time). Renew now to keep it: the new period is added to this end date, so you lose no days.`,
    fallback: (fallback: string, limit: string) =>
      `If it ends, nothing is deleted: your account falls back to the ${fallback} plan, and every QR code keeps working for anyone who scans it. Codes beyond the ${fallback} plan's limit of ${limit} QR codes cannot be edited, and no new ones can be added, until you are within it.`,
    unlimited: 'unlimited',
    action: (plan: string) => `Renew ${plan}`,
    note: 'You get this reminder 7 days and 1 day before your plan ends.',
  },
  hi: {
    subject: (plan: string, days: 7 | 1) =>
      days === 1
        ? `आपका CareCode ${plan} प्लान कल समाप्त हो रहा है`
        : `आपका CareCode ${plan} प्लान 7 दिनों में समाप्त हो रहा है`,
    heading: (plan: string, days: 7 | 1) =>
      days === 1
        ? `आपका ${plan} प्लान कल समाप्त हो रहा है`
        : `आपका ${plan} प्लान 7 दिनों में समाप्त हो रहा है`,
    runsUntil: (plan: string, end: string) =>
      `आपका ${plan} प्लान ${end} (भारतीय समय) तक चलेगा। इसे जारी रखने के लिए अभी रिन्यू करें: नई अवधि इसी समाप्ति तिथि के बाद जुड़ती है, इसलिए आपका कोई दिन नहीं घटेगा।`,
    fallback: (fallback: string, limit: string) =>
      `समाप्त होने पर कुछ भी मिटाया नहीं जाता: आपका खाता ${fallback} प्लान पर आ जाएगा, और हर QR कोड स्कैन करने वाले के लिए काम करता रहेगा। ${fallback} प्लान की ${limit} QR कोड की सीमा से बाहर के कोड सीमा के भीतर आने तक बदले नहीं जा सकेंगे, और नए कोड नहीं जोड़े जा सकेंगे।`,
    unlimited: 'असीमित',
    action: (plan: string) => `${plan} रिन्यू करें`,
    note: 'यह रिमाइंडर आपको प्लान समाप्त होने से 7 दिन और 1 दिन पहले मिलता है।',
  },
} as const;

/** The reminder mail, 7 days or 1 day before a paid plan ends, in the owner's language. */
export function planReminderMail(
  language: MailLanguage,
  input: {
    paidPlan: PlanType;
    ownedPlan: PlanType;
    expiresAt: Date;
    days: 7 | 1;
    renewUrl: string;
  },
) {
  const t = texts[language];
  const plan = planNames[language][input.paidPlan];
  const fallback = planNames[language][input.ownedPlan];
  const limit = plans[input.ownedPlan].limits.maxQrCodes;
  return layoutMail(language, {
    subject: t.subject(plan, input.days),
    heading: t.heading(plan, input.days),
    paragraphs: [
      t.runsUntil(plan, formatPlanEnd(input.expiresAt, language)),
      t.fallback(fallback, limit === null ? t.unlimited : String(limit)),
    ],
    action: { label: t.action(plan), url: input.renewUrl },
    note: t.note,
  });
}
