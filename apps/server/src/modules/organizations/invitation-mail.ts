import type { InvitableRole } from '@carecode/domain/organizations/organization.schema';
import { layoutMail, type MailLanguage } from '../mail/mail-templates.ts';

const roleNames = {
  en: { admin: 'an admin', member: 'a member' },
  hi: { admin: 'एडमिन', member: 'सदस्य' },
} as const;

const texts = {
  en: {
    subject: (organization: string) => `You are invited to join ${organization} on CareCode`,
    heading: (organization: string) => `Join ${organization} on CareCode`,
    body: (inviter: string, organization: string, role: string) =>
      `${inviter} invited you to join ${organization} as ${role}. Members see the organisation's QR codes and their scans, and get its scan alerts.`,
    account:
      'Open the link and sign in, or create a free account with this e-mail address first; the link brings you back to accept.',
    action: 'Accept invitation',
    note: 'The link expires in 7 days. If you do not know this organisation, ignore this mail.',
  },
  hi: {
    subject: (organization: string) => `आपको CareCode पर ${organization} से जुड़ने का निमंत्रण है`,
    heading: (organization: string) => `CareCode पर ${organization} से जुड़ें`,
    body: (inviter: string, organization: string, role: string) =>
      `${inviter} ने आपको ${organization} में ${role} के रूप में जुड़ने का निमंत्रण दिया है। सदस्य संगठन के QR कोड और उनके स्कैन देखते हैं, और उसके स्कैन अलर्ट पाते हैं।`,
    account:
      'लिंक खोलकर साइन इन करें, या पहले इस ई-मेल पते से मुफ़्त खाता बनाएँ; लिंक आपको स्वीकार करने के लिए वापस लाता है।',
    action: 'निमंत्रण स्वीकार करें',
    note: 'यह लिंक 7 दिनों में समाप्त हो जाता है। अगर आप इस संगठन को नहीं जानते, तो इस मेल को अनदेखा करें।',
  },
} as const;

/** The invitation mail, in the inviter's language, with the one link that accepts it. */
export function invitationMail(
  language: MailLanguage,
  params: { organization: string; inviter: string; role: InvitableRole; url: string },
) {
  const t = texts[language];
  return layoutMail(language, {
    subject: t.subject(params.organization),
    heading: t.heading(params.organization),
    paragraphs: [
      t.body(params.inviter, params.organization, roleNames[language][params.role]),
      t.account,
    ],
    action: { label: t.action, url: params.url },
    note: t.note,
  });
}
