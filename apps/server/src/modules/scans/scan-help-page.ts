import {
  emergencyCallLabel,
  emergencyTexts,
  scanEmergencyNumbers,
} from '@carecode/domain/emergency-numbers';
import type { PageLanguage } from '../../lib/language.ts';

/** Why the scan URL answers with help instead of the owner's details. */
export type ScanHelpReason = 'busy' | 'not-found' | 'unavailable';

const pageTexts = {
  en: {
    busy: {
      title: 'Many people are scanning right now',
      text: 'This scan was not recorded. Try again in {seconds} seconds. If someone needs help now, call an emergency number below.',
    },
    'not-found': {
      title: 'QR code not found',
      text: 'This QR code is not registered with CareCode, or its owner has removed it. If someone needs help, call an emergency number below.',
    },
    unavailable: {
      title: 'This code cannot be opened right now',
      text: 'Something went wrong on our side. Try again in a moment. If someone needs help now, call an emergency number below.',
    },
    tryAgain: 'Try again',
    support: 'To report misuse of this code, write to {email}.',
  },
  hi: {
    busy: {
      title: 'अभी बहुत से लोग स्कैन कर रहे हैं',
      text: 'यह स्कैन दर्ज नहीं हुआ। {seconds} सेकंड बाद फिर से प्रयास करें। अगर किसी को अभी मदद चाहिए, तो नीचे दिए किसी आपातकालीन नंबर पर कॉल करें।',
    },
    'not-found': {
      title: 'QR कोड नहीं मिला',
      text: 'यह QR कोड CareCode पर दर्ज नहीं है, या इसके मालिक ने इसे हटा दिया है। अगर किसी को मदद चाहिए, तो नीचे दिए किसी आपातकालीन नंबर पर कॉल करें।',
    },
    unavailable: {
      title: 'यह कोड अभी नहीं खुल पा रहा है',
      text: 'हमारी ओर से कुछ गड़बड़ हो गई। थोड़ी देर में फिर से प्रयास करें। अगर किसी को अभी मदद चाहिए, तो नीचे दिए किसी आपातकालीन नंबर पर कॉल करें।',
    },
    tryAgain: 'फिर से प्रयास करें',
    support: 'इस कोड के दुरुपयोग की शिकायत के लिए {email} पर लिखें।',
  },
} as const;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );

/**
 * A small page that needs no script, no style sheet and no second request: what the scan URL
 * answers when it cannot show the owner's details (past the rate limit, or an unknown or removed
 * code), so a stranger still gets India's emergency numbers as tap-to-call links, in their
 * language. A busy page says when to try again and links back to the same scan URL.
 */
export function renderScanHelpPage(options: {
  reason: ScanHelpReason;
  language: PageLanguage;
  supportEmail: string;
  /** The busy page's wait (from Retry-After); the URL to try again (busy or unavailable). */
  retryAfterSeconds?: number;
  retryUrl?: string;
}): string {
  const { language } = options;
  const texts = pageTexts[language];
  const reason = texts[options.reason];
  const text = reason.text.replace('{seconds}', String(options.retryAfterSeconds ?? 60));
  const numbers = scanEmergencyNumbers
    .map(
      (entry) =>
        `<li><a href="tel:${entry.number}" aria-label="${escapeHtml(emergencyCallLabel(entry, language))}"><b>${entry.number}</b> ${escapeHtml(emergencyTexts[language].services[entry.key])}</a></li>`,
    )
    .join('');
  const retry =
    options.reason !== 'not-found' && options.retryUrl
      ? `<p><a class="retry" href="${escapeHtml(options.retryUrl)}">${escapeHtml(texts.tryAgain)}</a></p>`
      : '';
  const email = escapeHtml(options.supportEmail);
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(reason.title)} · CareCode</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans Devanagari',sans-serif;color:#0f172a;background:#f8fafc;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem}
h1{font-size:1.5rem;margin:0 0 .5rem}
.notice{border:1px solid #fcd34d;background:#fffbeb;border-radius:1rem;padding:1rem;color:#451a03}
.notice p{margin:0;font-weight:500}
.retry{display:inline-block;margin-top:.75rem;min-height:2.75rem;line-height:2.75rem;padding:0 1.25rem;border-radius:.75rem;background:#b91c1c;color:#fff;font-weight:700;text-decoration:none}
section{margin-top:1.25rem;border:1px solid #fecaca;background:#fef2f2;border-radius:1rem;padding:1rem}
h2{font-size:1.125rem;margin:0;color:#7f1d1d}
ul{list-style:none;margin:.75rem 0 0;padding:0;display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr))}
li a{display:flex;gap:.75rem;align-items:center;min-height:2.75rem;padding:.5rem .75rem;border-radius:.75rem;background:#fff;color:#1e293b;text-decoration:none;box-shadow:0 0 0 1px #fecaca}
li b{min-width:3rem;font-size:1.125rem;color:#b91c1c}
footer{margin-top:1.25rem;font-size:.875rem;color:#475569}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(reason.title)}</h1>
<div class="notice" role="alert"><p>${escapeHtml(text)}</p>${retry}</div>
<section aria-labelledby="emergency-numbers-title"><h2 id="emergency-numbers-title">${escapeHtml(emergencyTexts[language].title)}</h2><ul>${numbers}</ul></section>
<footer>${texts.support.replace('{email}', `<a href="mailto:${email}">${email}</a>`)}</footer>
</main>
</body>
</html>`;
}
