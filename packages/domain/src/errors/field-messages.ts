import { fillPlaceholders, type ErrorLanguage, type ErrorParams } from './error-catalog.ts';

/**
 * The messages a single field can carry (spec §5 and §8), once, with their codes and each
 * language's sentence. The schemas speak English (the spec's texts, also in API answers'
 * `fields`); `fieldMessageText` shows any of them in the reader's language.
 */
export const fieldMessages = {
  REQUIRED: { en: 'Required', hi: 'आवश्यक' },
  INVALID: { en: 'Invalid value', hi: 'अमान्य मान' },
  UNKNOWN_FIELD: { en: 'Unknown field', hi: 'अज्ञात फ़ील्ड' },
  PHONE_DIGITS: { en: 'Phone number must be 10 digits', hi: 'फ़ोन नंबर 10 अंकों का होना चाहिए' },
  INDIAN_MOBILE: {
    en: 'Enter a 10-digit Indian mobile number',
    hi: '10 अंकों का भारतीय मोबाइल नंबर दर्ज करें',
  },
  MESSAGE_LENGTH: {
    en: 'Write a message of at most 500 characters',
    hi: 'अधिकतम 500 अक्षरों का संदेश लिखें',
  },
  SCHOOL_NAME_LENGTH: {
    en: 'School name must be at most 30 characters',
    hi: 'स्कूल का नाम अधिकतम 30 अक्षरों का हो सकता है',
  },
  LENGTH: {
    en: 'This field must be between {{min}} and {{max}} characters',
    hi: 'यह फ़ील्ड {{min}} से {{max}} अक्षरों के बीच होना चाहिए',
  },
  MAX_LENGTH: {
    en: 'This field must be at most {{max}} characters',
    hi: 'यह फ़ील्ड अधिकतम {{max}} अक्षरों का हो सकता है',
  },
  EMAIL_INVALID: {
    en: 'Enter a valid e-mail address',
    hi: 'मान्य ई-मेल पता दर्ज करें',
  },
  PASSWORD_LENGTH: {
    en: 'Password must be at least 6 characters.',
    hi: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए।',
  },
  PASSWORD_TOO_LONG: {
    en: 'Password must be at most {{max}} characters.',
    hi: 'पासवर्ड अधिकतम {{max}} अक्षरों का हो सकता है।',
  },
  PASSWORD_TOO_COMMON: {
    en: 'This password is too easy to guess. Choose another.',
    hi: 'यह पासवर्ड आसानी से अनुमान लगाया जा सकता है। कोई दूसरा चुनें।',
  },
  PASSWORDS_MISMATCH: { en: 'Passwords do not match', hi: 'पासवर्ड मेल नहीं खाते' },
  EMAIL_TAKEN: {
    en: 'An account with this e-mail already exists.',
    hi: 'इस ई-मेल से पहले से एक खाता मौजूद है।',
  },
  BLOOD_GROUP: {
    en: "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
    hi: "ब्लड ग्रुप इनमें से एक होना चाहिए: A+, A-, B+, B-, AB+, AB-, O+, O-, Don't Know",
  },
  UNKNOWN_COLUMN: { en: 'Unknown column', hi: 'अज्ञात कॉलम' },
  MISSING_COLUMN: { en: 'Missing column', hi: 'कॉलम मौजूद नहीं है' },
  DUPLICATE_COLUMN: { en: 'Column named twice', hi: 'कॉलम दो बार है' },
  BILLING_PERIOD_ONE_TIME: {
    en: 'Basic is a one-time payment: send no billing period.',
    hi: 'बेसिक एक बार का भुगतान है: बिलिंग अवधि न भेजें।',
  },
  BILLING_PERIOD_REQUIRED: {
    en: 'Choose MONTHLY or YEARLY billing for Premium and Business.',
    hi: 'प्रीमियम और बिज़नेस के लिए MONTHLY या YEARLY बिलिंग चुनें।',
  },
  QR_TYPE_CHANGE: {
    en: 'The type of a QR code cannot be changed.',
    hi: 'QR कोड का प्रकार बदला नहीं जा सकता।',
  },
  DATE_FORMAT: {
    en: 'Enter a date as YYYY-MM-DD',
    hi: 'तारीख़ YYYY-MM-DD के रूप में दर्ज करें',
  },
  DATE_ORDER: {
    en: 'The end date must be on or after the start date',
    hi: 'अंतिम तारीख़ शुरुआती तारीख़ के बाद की (या वही) होनी चाहिए',
  },
  PERIOD_TOO_LONG: {
    en: 'Choose a period of at most 3 years',
    hi: 'अधिकतम 3 साल की अवधि चुनें',
  },
  BRAND_COLOR: {
    en: 'Enter a colour as #RRGGBB, e.g. #1D4ED8',
    hi: 'रंग #RRGGBB के रूप में दर्ज करें, जैसे #1D4ED8',
  },
} as const satisfies Record<string, Record<ErrorLanguage, string>>;

export type FieldMessageCode = keyof typeof fieldMessages;
export const fieldMessageCodes = Object.keys(fieldMessages) as FieldMessageCode[];

/** The English sentence of a field message. */
export const fieldMessage = (code: FieldMessageCode, params?: ErrorParams): string =>
  fillPlaceholders(fieldMessages[code].en, params, 'en');

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English template as a pattern that gives back its placeholders' values. */
const patterns = fieldMessageCodes.map((code) => {
  const template = fieldMessages[code].en;
  const names = [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]);
  const source = template
    .split(/\{\{\w+\}\}/)
    .map(escapeRegExp)
    .join('(\\d+)');
  return { code, names, pattern: new RegExp(`^${source}$`) };
});

/** The code and values of a field message the schemas or the server gave (undefined if none). */
export function describeFieldMessage(
  message: string,
): { code: FieldMessageCode; params: ErrorParams } | undefined {
  for (const { code, names, pattern } of patterns) {
    const match = pattern.exec(message);
    if (match) {
      const params: ErrorParams = {};
      names.forEach((name, index) => (params[name] = Number(match[index + 1])));
      return { code, params };
    }
  }
  return undefined;
}

/** A field message in a language; a message the catalog does not hold is shown as it is. */
export function fieldMessageText(message: string, language: ErrorLanguage): string {
  const described = describeFieldMessage(message);
  if (!described) return message;
  return fillPlaceholders(fieldMessages[described.code][language], described.params, language);
}
