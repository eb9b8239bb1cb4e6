import { planNames, planTypes, type PlanType } from '../plans/plans.ts';

/**
 * Every error the API answers, once: a stable code, its HTTP status and its sentence in each
 * language. The server answers `{ code, message, params?, fields? }` with the English sentence;
 * the web app shows the sentence of the reader's language by code. `{{name}}` placeholders take
 * the answer's `params`; a `plan` parameter holds a plan key and is shown as the plan's name.
 */
export const errorLanguages = ['en', 'hi'] as const;
export type ErrorLanguage = (typeof errorLanguages)[number];

interface ErrorEntry {
  /** HTTP status; 0 for failures the browser meets without an answer (network). */
  readonly status: number;
  readonly en: string;
  readonly hi: string;
}

export const errorCatalog = {
  // Requests in general
  VALIDATION_FAILED: {
    status: 400,
    en: 'Invalid request: please check the highlighted fields.',
    hi: 'अनुरोध अमान्य है: कृपया चिह्नित फ़ील्ड जाँचें।',
  },
  BAD_REQUEST: {
    status: 400,
    en: 'The request is not valid.',
    hi: 'अनुरोध मान्य नहीं है।',
  },
  INVALID_JSON: {
    status: 400,
    en: 'The request body is not valid JSON.',
    hi: 'अनुरोध का डेटा मान्य JSON नहीं है।',
  },
  INVALID_TEXT: {
    status: 400,
    en: 'Text cannot contain the NUL character (U+0000) or a broken Unicode character.',
    hi: 'टेक्स्ट में NUL अक्षर (U+0000) या टूटा हुआ यूनिकोड अक्षर नहीं हो सकता।',
  },
  BODY_TOO_LARGE: {
    status: 413,
    en: 'The request body is too large.',
    hi: 'अनुरोध का डेटा बहुत बड़ा है।',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    en: 'Send the request body as JSON.',
    hi: 'अनुरोध का डेटा JSON के रूप में भेजें।',
  },
  ROUTE_NOT_FOUND: {
    status: 404,
    en: 'No route for {{method}} {{path}}.',
    hi: '{{method}} {{path}} के लिए कोई रास्ता नहीं है।',
  },
  METHOD_NOT_ALLOWED: {
    status: 405,
    en: 'This method is not allowed here.',
    hi: 'यहाँ यह तरीका मान्य नहीं है।',
  },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many requests. Please wait a moment and try again.',
    hi: 'बहुत अधिक अनुरोध। कृपया थोड़ा रुककर फिर से प्रयास करें।',
  },
  INTERNAL: {
    status: 500,
    en: 'An error occurred. Please try again.',
    hi: 'एक त्रुटि हुई। कृपया पुनः प्रयास करें।',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    en: 'The service is not available right now. Please try again shortly.',
    hi: 'सेवा अभी उपलब्ध नहीं है। कृपया थोड़ी देर में फिर से प्रयास करें।',
  },
  NETWORK_FAILED: {
    status: 0,
    en: 'Could not reach CareCode. Please check your internet connection and try again.',
    hi: 'CareCode से संपर्क नहीं हो सका। कृपया अपना इंटरनेट कनेक्शन जाँचें और फिर से प्रयास करें।',
  },

  // Signing in and tokens
  SIGN_IN_REQUIRED: {
    status: 401,
    en: 'Please sign in to continue.',
    hi: 'जारी रखने के लिए कृपया साइन इन करें।',
  },
  SESSION_EXPIRED: {
    status: 401,
    en: 'Your session has expired. Please sign in again.',
    hi: 'आपका सत्र समाप्त हो गया है। कृपया फिर से साइन इन करें।',
  },
  TOKEN_INVALID: {
    status: 401,
    en: 'Invalid access token. Please sign in again.',
    hi: 'अमान्य ऐक्सेस टोकन। कृपया फिर से साइन इन करें।',
  },
  ACCOUNT_ERASED: {
    status: 401,
    en: 'This account has been deleted.',
    hi: 'यह खाता हटा दिया गया है।',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    en: 'Incorrect e-mail or password.',
    hi: 'ई-मेल या पासवर्ड गलत है।',
  },
  EMAIL_TAKEN: {
    status: 409,
    en: 'An account with this e-mail already exists.',
    hi: 'इस ई-मेल से पहले से एक खाता मौजूद है।',
  },
  VERIFICATION_LINK_INVALID: {
    status: 400,
    en: 'This confirmation link is invalid or has expired. Ask for a new one on your account page.',
    hi: 'यह पुष्टि लिंक अमान्य है या समाप्त हो गया है। अपने खाता पेज से नया लिंक मँगाएँ।',
  },
  RESET_LINK_INVALID: {
    status: 400,
    en: 'This password reset link is invalid or has expired. Ask for a new one.',
    hi: 'यह पासवर्ड रीसेट लिंक अमान्य है या समाप्त हो गया है। नया लिंक मँगाएँ।',
  },
  TOO_MANY_ATTEMPTS: {
    status: 429,
    en: 'Too many attempts. Please wait a little and try again.',
    hi: 'बहुत अधिक प्रयास हुए। कृपया थोड़ा रुककर फिर से प्रयास करें।',
  },
  INTERACTION_EXPIRED: {
    status: 410,
    en: 'This sign-in page has expired. Please start again.',
    hi: 'यह साइन-इन पेज समाप्त हो गया है। कृपया फिर से शुरू करें।',
  },
  LOGOUT_INVALID: {
    status: 400,
    en: 'This logout request is not valid.',
    hi: 'यह लॉगआउट अनुरोध मान्य नहीं है।',
  },

  // QR codes and profiles
  QR_NOT_FOUND: {
    status: 404,
    en: 'QR code not found.',
    hi: 'QR कोड नहीं मिला।',
  },
  QR_TYPE_CHANGE: {
    status: 400,
    en: 'The type of a QR code cannot be changed.',
    hi: 'QR कोड का प्रकार बदला नहीं जा सकता।',
  },
  GUARDIAN_LIMIT: {
    status: 403,
    en: 'Your {{plan}} plan allows up to {{limit}} guardians a QR code. Upgrade on the Pricing page to add more.',
    hi: 'आपका {{plan}} प्लान प्रति QR कोड अधिकतम {{limit}} अभिभावकों की अनुमति देता है। और जोड़ने के लिए प्राइसिंग पेज पर अपग्रेड करें।',
  },
  GUARDIAN_EXISTS: {
    status: 409,
    en: "This e-mail address already receives or has been invited to this QR code's alerts.",
    hi: 'यह ई-मेल पता इस QR कोड के अलर्ट पहले से पाता है या उसे आमंत्रित किया जा चुका है।',
  },
  GUARDIAN_NOT_FOUND: {
    status: 404,
    en: 'Guardian not found.',
    hi: 'अभिभावक नहीं मिला।',
  },
  GUARDIAN_LINK_INVALID: {
    status: 400,
    en: 'This invitation link is invalid or has expired. Ask the owner to invite you again.',
    hi: 'यह आमंत्रण लिंक अमान्य है या समाप्त हो गया है। मालिक से आपको फिर से आमंत्रित करने को कहें।',
  },
  UNSUBSCRIBE_LINK_INVALID: {
    status: 400,
    en: 'This unsubscribe link is invalid.',
    hi: 'यह सदस्यता समाप्त करने का लिंक अमान्य है।',
  },
  PLAN_QR_LIMIT: {
    status: 403,
    en: 'Your {{plan}} plan allows up to {{limit}} QR codes. Upgrade on the Pricing page to create more.',
    hi: 'आपका {{plan}} प्लान अधिकतम {{limit}} QR कोड की अनुमति देता है। और बनाने के लिए प्राइसिंग पेज पर अपग्रेड करें।',
  },
  QR_BEYOND_PLAN_LIMIT: {
    status: 403,
    en: 'This QR code is beyond the {{limit}} QR codes your {{plan}} plan allows. It still works for anyone who scans it, but it cannot be edited until you are within the limit: delete codes you no longer need, or renew or upgrade on the Pricing page.',
    hi: 'यह QR कोड आपके {{plan}} प्लान की {{limit}} QR कोड की सीमा से बाहर है। स्कैन करने वाले के लिए यह अब भी काम करता है, लेकिन सीमा के भीतर आने तक इसे बदला नहीं जा सकता: जिन कोड की ज़रूरत नहीं है उन्हें मिटाएँ, या प्राइसिंग पेज पर रिन्यू या अपग्रेड करें।',
  },
  PROFILE_NOT_FOUND: {
    status: 404,
    en: 'Profile not found.',
    hi: 'प्रोफ़ाइल नहीं मिली।',
  },

  // Bulk creation and print sheets
  BULK_ROWS_INVALID: {
    status: 400,
    en: 'Nothing was created: {{count}} rows of the file have errors. Correct them and upload the file again.',
    hi: 'कुछ भी नहीं बनाया गया: फ़ाइल की {{count}} पंक्तियों में त्रुटियाँ हैं। उन्हें ठीक करके फ़ाइल फिर से अपलोड करें।',
  },
  BULK_COLUMNS: {
    status: 400,
    en: "The file's header row must hold the template's columns. Download the template and keep its first row.",
    hi: 'फ़ाइल की पहली (हेडर) पंक्ति में टेम्पलेट के कॉलम होने चाहिए। टेम्पलेट डाउनलोड करें और उसकी पहली पंक्ति रखें।',
  },
  BULK_TOO_MANY_ROWS: {
    status: 400,
    en: 'A file can hold up to {{max}} rows; this one has {{count}}. Split it into smaller files.',
    hi: 'एक फ़ाइल में अधिकतम {{max}} पंक्तियाँ हो सकती हैं; इसमें {{count}} हैं। इसे छोटी फ़ाइलों में बाँटें।',
  },
  BULK_EMPTY: {
    status: 400,
    en: 'The file has no rows under its header row.',
    hi: 'फ़ाइल में हेडर पंक्ति के नीचे कोई पंक्ति नहीं है।',
  },
  BULK_CSV_INVALID: {
    status: 400,
    en: 'The file is not valid CSV near line {{line}}: check its quotes and commas.',
    hi: 'फ़ाइल पंक्ति {{line}} के पास मान्य CSV नहीं है: उसके उद्धरण चिह्न और कॉमा जाँचें।',
  },
  BULK_NOT_UTF8: {
    status: 400,
    en: 'Save the file as CSV UTF-8 and upload it again.',
    hi: 'फ़ाइल को CSV UTF-8 के रूप में सहेजें और फिर से अपलोड करें।',
  },
  BULK_CONTENT_TYPE: {
    status: 415,
    en: 'Send the file as text/csv.',
    hi: 'फ़ाइल को text/csv के रूप में भेजें।',
  },

  // Scans
  SCAN_NOT_FOUND: {
    status: 404,
    en: 'Scan not found. Please rescan the QR code.',
    hi: 'स्कैन नहीं मिला। कृपया QR कोड फिर से स्कैन करें।',
  },
  SCAN_EXPIRED: {
    status: 410,
    en: 'This scan session has expired. Please rescan the QR code.',
    hi: 'यह स्कैन सत्र समाप्त हो गया है। कृपया QR कोड फिर से स्कैन करें।',
  },
  QR_PRIVATE: {
    status: 403,
    en: 'This QR code is private. Only its owner can see its details.',
    hi: 'यह QR कोड निजी है। केवल इसके मालिक ही इसका विवरण देख सकते हैं।',
  },

  // Payments
  PLAN_COMING_SOON: {
    status: 400,
    en: 'Coming soon',
    hi: 'जल्द आ रहा है',
  },
  PLAN_ALREADY_OWNED: {
    status: 409,
    en: 'You already have this plan or a higher one.',
    hi: 'आपके पास पहले से यह या इससे ऊँचा प्लान है।',
  },
  PLAN_HIGHER_ACTIVE: {
    status: 409,
    en: 'Your {{plan}} plan is still active. A lower plan can be bought after it ends.',
    hi: 'आपका {{plan}} प्लान अभी सक्रिय है। इसके समाप्त होने के बाद ही कम प्लान खरीदा जा सकता है।',
  },
  FREE_NEEDS_NO_PAYMENT: {
    status: 400,
    en: 'The Free plan needs no payment.',
    hi: 'फ़्री प्लान के लिए भुगतान की ज़रूरत नहीं है।',
  },
  PAYMENT_GATEWAY_UNAVAILABLE: {
    status: 502,
    en: 'The payment service is not available right now. Please try again later.',
    hi: 'भुगतान सेवा अभी उपलब्ध नहीं है। कृपया बाद में पुनः प्रयास करें।',
  },
  ORDER_NOT_FOUND: {
    status: 404,
    en: 'Order not found.',
    hi: 'ऑर्डर नहीं मिला।',
  },
  WEBHOOK_UNAUTHORIZED: {
    status: 401,
    en: 'Unauthorized',
    hi: 'अनधिकृत',
  },

  // The finder reaches the owner: hidden numbers, the call bridge, messages
  HIDE_NUMBERS_PLAN: {
    status: 403,
    en: 'Hiding your numbers needs the Premium or Business plan. Upgrade on the Pricing page.',
    hi: 'नंबर छिपाने के लिए प्रीमियम या बिज़नेस प्लान चाहिए। प्राइसिंग पेज पर अपग्रेड करें।',
  },
  ANALYTICS_PLAN: {
    status: 403,
    en: 'Analytics needs the Premium or Business plan. Upgrade on the Pricing page.',
    hi: 'विश्लेषण (एनालिटिक्स) के लिए प्रीमियम या बिज़नेस प्लान चाहिए। प्राइसिंग पेज पर अपग्रेड करें।',
  },
  CALL_NOT_OFFERED: {
    status: 409,
    en: "This code's numbers are not hidden: call them directly.",
    hi: 'इस कोड के नंबर छिपे नहीं हैं: उन्हें सीधे कॉल करें।',
  },
  CALL_CONTACT_NOT_FOUND: {
    status: 404,
    en: 'This code has no such contact.',
    hi: 'इस कोड में ऐसा कोई संपर्क नहीं है।',
  },
  CALL_SESSION_LIMIT: {
    status: 429,
    en: 'You can ask for up to {{limit}} calls from one scan. Scan the code again to call once more, or call an emergency number.',
    hi: 'एक स्कैन से अधिकतम {{limit}} कॉल माँगी जा सकती हैं। फिर से कॉल करने के लिए कोड दोबारा स्कैन करें, या किसी आपातकालीन नंबर पर कॉल करें।',
  },
  CALL_NUMBER_LIMIT: {
    status: 429,
    en: 'This number has asked for {{limit}} calls today. Try again tomorrow, or call an emergency number.',
    hi: 'इस नंबर से आज {{limit}} कॉल माँगी जा चुकी हैं। कल फिर कोशिश करें, या किसी आपातकालीन नंबर पर कॉल करें।',
  },
  CALL_GATEWAY_UNAVAILABLE: {
    status: 503,
    en: 'The call could not be placed right now. If someone needs help, call an emergency number.',
    hi: 'अभी कॉल नहीं लग सकी। अगर किसी को मदद चाहिए तो किसी आपातकालीन नंबर पर कॉल करें।',
  },
  CALL_NOT_FOUND: {
    status: 404,
    en: 'Call not found.',
    hi: 'कॉल नहीं मिली।',
  },
  CONVERSATION_NOT_FOUND: {
    status: 404,
    en: 'Conversation not found.',
    hi: 'बातचीत नहीं मिली।',
  },
  CONVERSATION_BLOCKED: {
    status: 403,
    en: 'The owner is not accepting messages from this scan.',
    hi: 'मालिक इस स्कैन से संदेश स्वीकार नहीं कर रहे हैं।',
  },
  PHOTO_INVALID: {
    status: 400,
    en: 'The photo must be a JPEG, PNG or WebP image.',
    hi: 'फ़ोटो JPEG, PNG या WebP इमेज होनी चाहिए।',
  },
  PHOTO_NOT_FOUND: {
    status: 404,
    en: 'Photo not found.',
    hi: 'फ़ोटो नहीं मिली।',
  },
  PHOTO_TOO_LARGE: {
    status: 413,
    en: 'The photo must be at most 5 MB.',
    hi: 'फ़ोटो अधिकतम 5 MB की हो सकती है।',
  },

  // Organisations (Business)
  ORGANIZATION_PLAN: {
    status: 403,
    en: 'Organisations need the Business plan. Upgrade on the Pricing page.',
    hi: 'संगठन बनाने के लिए बिज़नेस प्लान चाहिए। प्राइसिंग पेज पर अपग्रेड करें।',
  },
  ORGANIZATION_NOT_FOUND: {
    status: 404,
    en: 'Organisation not found.',
    hi: 'संगठन नहीं मिला।',
  },
  ORGANIZATION_ROLE: {
    status: 403,
    en: 'Only an admin of this organisation can do this.',
    hi: 'यह केवल इस संगठन का एडमिन कर सकता है।',
  },
  ORGANIZATION_OWNER_ONLY: {
    status: 403,
    en: 'Only the owner of this organisation can do this.',
    hi: 'यह केवल इस संगठन का मालिक कर सकता है।',
  },
  ORGANIZATION_OWNER_STAYS: {
    status: 409,
    en: 'The owner cannot leave or be removed from their organisation.',
    hi: 'मालिक अपने संगठन को छोड़ नहीं सकते और उन्हें हटाया नहीं जा सकता।',
  },
  MEMBER_NOT_FOUND: {
    status: 404,
    en: 'Member not found.',
    hi: 'सदस्य नहीं मिला।',
  },
  ALREADY_MEMBER: {
    status: 409,
    en: 'This person is already a member of the organisation.',
    hi: 'यह व्यक्ति पहले से इस संगठन का सदस्य है।',
  },
  INVITATION_NOT_FOUND: {
    status: 404,
    en: 'This invitation does not exist.',
    hi: 'यह निमंत्रण मौजूद नहीं है।',
  },
  INVITATION_CLOSED: {
    status: 410,
    en: 'This invitation has expired, was withdrawn or was already used. Ask the organisation for a new one.',
    hi: 'यह निमंत्रण समाप्त हो गया है, वापस ले लिया गया है या पहले ही इस्तेमाल हो चुका है। संगठन से नया निमंत्रण माँगें।',
  },
  LOGO_INVALID: {
    status: 400,
    en: 'The logo must be a PNG, JPEG or WebP image.',
    hi: 'लोगो PNG, JPEG या WebP इमेज होना चाहिए।',
  },
  LOGO_TOO_LARGE: {
    status: 413,
    en: 'The logo must be at most 2 MB.',
    hi: 'लोगो अधिकतम 2 MB का हो सकता है।',
  },
  LOGO_NOT_FOUND: {
    status: 404,
    en: 'Logo not found.',
    hi: 'लोगो नहीं मिला।',
  },
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;
export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

/** Values a sentence's placeholders take. */
export type ErrorParams = Record<string, string | number>;

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCatalog, value);

/** Plan names as sentences show them. */
export { planNames };

const isPlanType = (value: unknown): value is PlanType =>
  (planTypes as readonly unknown[]).includes(value);

/** Fills `{{name}}` placeholders; a `plan` parameter holding a plan key becomes its name. */
export function fillPlaceholders(
  template: string,
  params: ErrorParams | undefined,
  language: ErrorLanguage,
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) return whole;
    if (name === 'plan' && isPlanType(value)) return planNames[language][value];
    return String(value);
  });
}

/** The sentence of an error code in a language (English by default). */
export function errorText(
  code: ErrorCode,
  params?: ErrorParams,
  language: ErrorLanguage = 'en',
): string {
  return fillPlaceholders(errorCatalog[code][language], params, language);
}

/** The placeholders a sentence names, for checks that every language names the same ones. */
export const placeholdersOf = (template: string): string[] =>
  [...template.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
