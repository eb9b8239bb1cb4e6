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

/**
 * A mail in the product's look (the brand's red header, one button), as HTML and plain text, in
 * the recipient's language.
 */
export function renderMail(
  template: MailTemplate,
  language: MailLanguage,
  params: { actionUrl: string },
): { subject: string; html: string; text: string } {
  const t = texts[template][language];
  const url = escapeHtml(params.actionUrl);
  const html = `<!doctype html>
<html lang="${language}">
<body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Devanagari',sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:16px;overflow:hidden;border:1px solid #e2e8f0">
<tr><td style="background:#b91c1c;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">CareCode</td></tr>
<tr><td style="padding:24px">
<h1 style="margin:0 0 12px;font-size:22px">${escapeHtml(t.heading)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(t.body)}</p>
<p style="margin:0 0 20px"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 20px;border-radius:10px">${escapeHtml(t.action)}</a></p>
<p style="margin:0;color:#475569;font-size:14px;line-height:1.5">${escapeHtml(t.note)}</p>
<p style="margin:12px 0 0;color:#475569;font-size:12px;word-break:break-all">${url}</p>
</td></tr></table>
</td></tr></table>
</body>
</html>`;
  const text = `${t.heading}\n\n${t.body}\n\n${t.action}: ${params.actionUrl}\n\n${t.note}\n`;
  return { subject: t.subject, html, text };
}
