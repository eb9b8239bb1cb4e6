/** The languages mails are written in (the recipient's). */
export type MailLanguage = 'en' | 'hi';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

const texts = {
  verifyEmail: {
    en: {
      subject: 'Confirm your e-mail address for CareCode',
      heading: 'Confirm your e-mail address',
      body: 'Tap the button to confirm this address. CareCode sends alerts about your QR codes only to a confirmed address.',
      action: 'Confirm e-mail address',
      note: 'The link works once and expires in 24 hours. If you did not create a CareCode account, ignore this mail.',
    },
    hi: {
      subject: 'CareCode के लिए अपना ई-मेल पता पुष्टि करें',
      heading: 'अपना ई-मेल पता पुष्टि करें',
      body: 'इस पते की पुष्टि करने के लिए बटन दबाएँ। CareCode आपके QR कोड के अलर्ट केवल पुष्टि किए गए पते पर भेजता है।',
      action: 'ई-मेल पता पुष्टि करें',
      note: 'यह लिंक एक बार काम करता है और 24 घंटे में समाप्त हो जाता है। अगर आपने CareCode खाता नहीं बनाया, तो इस मेल को अनदेखा करें।',
    },
  },
  resetPassword: {
    en: {
      subject: 'Reset your CareCode password',
      heading: 'Reset your password',
      body: 'Someone asked to reset the password of your CareCode account. Tap the button to choose a new one; every other device will be signed out.',
      action: 'Choose a new password',
      note: 'The link works once and expires in 30 minutes. If you did not ask for this, ignore this mail: your password stays as it is.',
    },
    hi: {
      subject: 'अपना CareCode पासवर्ड रीसेट करें',
      heading: 'अपना पासवर्ड रीसेट करें',
      body: 'किसी ने आपके CareCode खाते का पासवर्ड रीसेट करने को कहा है। नया पासवर्ड चुनने के लिए बटन दबाएँ; बाकी सभी डिवाइस से साइन आउट हो जाएगा।',
      action: 'नया पासवर्ड चुनें',
      note: 'यह लिंक एक बार काम करता है और 30 मिनट में समाप्त हो जाता है। अगर आपने यह नहीं माँगा, तो इस मेल को अनदेखा करें: आपका पासवर्ड वैसा ही रहेगा।',
    },
  },
} as const;

export type MailTemplate = keyof typeof texts;

/** One mail's parts; `footer` lines come last, small (an alert's unsubscribe link, say). */
export interface MailContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The one button; none when the reader has nothing to open (a guardian's scan alert). */
  action?: { label: string; url: string };
  note?: string;
  footer?: { text: string; link?: { label: string; url: string } };
}

export const escapeMailText = escapeHtml;

/**
 * A mail in the product's look (the brand's red header, one button), as HTML and plain text, in
 * the recipient's language.
 */
export function layoutMail(
  language: MailLanguage,
  content: MailContent,
): { subject: string; html: string; text: string } {
  const url = content.action ? escapeHtml(content.action.url) : '';
  const paragraphs = content.paragraphs
    .map((line) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(line)}</p>`)
    .join('\n');
  const footer = content.footer
    ? `<tr><td style="padding:12px 24px;border-top:1px solid #e2e8f0;color:#475569;font-size:12px;line-height:1.5">${escapeHtml(content.footer.text)}${
        content.footer.link
          ? ` <a href="${escapeHtml(content.footer.link.url)}" style="color:#b91c1c">${escapeHtml(content.footer.link.label)}</a>`
          : ''
      }</td></tr>`
    : '';
  const html = `<!doctype html>
<html lang="${language}">
<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Devanagari',sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#b91c1c;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">CareCode</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(content.heading)}</h1>
${paragraphs}
${content.action ? `<p style="margin:8px 0 20px"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">${escapeHtml(content.action.label)}</a></p>` : ''}
${content.note ? `<p style="margin:0;color:#475569;font-size:14px;line-height:1.5">${escapeHtml(content.note)}</p>` : ''}
${content.action ? `<p style="margin:12px 0 0;color:#475569;font-size:12px;word-break:break-all">${url}</p>` : ''}
</td></tr>${footer}</table>
</td></tr></table>
</body>
</html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((line) => [line, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`] : []),
    ...(content.note ? ['', content.note] : []),
    ...(content.footer
      ? [
          '',
          '--',
          content.footer.link
            ? `${content.footer.text} ${content.footer.link.label}: ${content.footer.link.url}`
            : content.footer.text,
        ]
      : []),
  ].join('\n');
  return { subject: content.subject, html, text: `${text}\n` };
}

/** One of the account mails (confirm the address, reset the password). */
export function renderMail(
  template: MailTemplate,
  language: MailLanguage,
  params: { actionUrl: string },
): { subject: string; html: string; text: string } {
  const t = texts[template][language];
  return layoutMail(language, {
    subject: t.subject,
    heading: t.heading,
    paragraphs: [t.body],
    action: { label: t.action, url: params.actionUrl },
    note: t.note,
  });
}
