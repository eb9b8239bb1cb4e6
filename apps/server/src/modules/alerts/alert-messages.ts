import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { ALERT_TIME_ZONE } from '@carecode/domain/alerts/alert.schema';
import { layoutMail, type MailLanguage } from '../mail/mail-templates.ts';

/** What one alert tells: a scan (or several, coalesced) or a shared location. */
export interface AlertFacts {
  kind: 'scan' | 'location' | 'call' | 'message';
  qrId: string;
  qrName: string;
  qrType: QrType;
  lost: boolean;
  /** Scans this alert stands for (1, or more when coalesced). */
  scanCount: number;
  /** True when an alert about this QR went out within the last minute (this one says "more"). */
  followUp: boolean;
  at: Date;
  device?: { browser?: string; os?: string; deviceType?: string };
  location?: { latitude: number; longitude: number };
  /** A call through the bridge: how it ended, and for how long the two spoke. */
  call?: {
    status: string;
    durationSeconds: number | null;
    simulated: boolean;
    contact: 'ownerContact' | 'emergencyContact' | 'schoolContact';
  };
  /** A finder's message: its text (sent as written; mails escape it) and whether a photo came. */
  message?: { text: string; hasPhoto: boolean };
}

const contactNames = {
  en: { ownerContact: 'Owner', emergencyContact: 'Emergency contact', schoolContact: 'Parent' },
  hi: { ownerContact: 'मालिक', emergencyContact: 'आपातकालीन संपर्क', schoolContact: 'माता-पिता' },
} as const;

const callStatusNames = {
  en: {
    requested: 'requested',
    'in-progress': 'in progress',
    completed: 'connected',
    failed: 'failed',
    busy: 'busy',
    'no-answer': 'not answered',
  },
  hi: {
    requested: 'अनुरोध किया गया',
    'in-progress': 'जारी',
    completed: 'जुड़ी',
    failed: 'विफल',
    busy: 'व्यस्त',
    'no-answer': 'उत्तर नहीं मिला',
  },
} as const;

/** `Call connected, 42 s` / `Call not answered`, as the history and the alerts say it. */
export function callOutcome(
  call: { status: string; durationSeconds: number | null; simulated?: boolean },
  language: MailLanguage,
): string {
  if (call.simulated)
    return language === 'hi' ? 'सिम्युलेटेड कॉल (सैंडबॉक्स)' : 'Simulated call (sandbox)';
  const status =
    callStatusNames[language][call.status as keyof (typeof callStatusNames)['en']] ?? call.status;
  const seconds =
    call.status === 'completed' && call.durationSeconds !== null
      ? `, ${call.durationSeconds} ${language === 'hi' ? 'सेकंड' : 's'}`
      : '';
  return language === 'hi' ? `कॉल ${status}${seconds}` : `Call ${status}${seconds}`;
}

const kindNames: Record<MailLanguage, Record<QrType, string>> = {
  en: {
    CHILD: 'Child Safety',
    PERSON: 'Person / Medical',
    VEHICLE: 'Vehicle Contact',
    LUGGAGE: 'Luggage',
    LOCKSCREEN: 'Lockscreen',
  },
  hi: {
    CHILD: 'बच्चे की सुरक्षा',
    PERSON: 'व्यक्ति / मेडिकल',
    VEHICLE: 'वाहन संपर्क',
    LUGGAGE: 'सामान',
    LOCKSCREEN: 'लॉकस्क्रीन',
  },
};

const texts = {
  en: {
    scanned: (name: string) => `${name} was scanned`,
    scannedMore: (name: string, count: number) =>
      `${name} was scanned ${count} more ${count === 1 ? 'time' : 'times'}`,
    lostScanned: (name: string) => `Lost item scanned: ${name}`,
    location: (name: string) => `The finder of ${name} shared their location`,
    called: (name: string) => `Someone who scanned ${name} called through CareCode`,
    missedCall: (name: string) => `Missed call from someone who scanned ${name}`,
    wrote: (name: string) => `New message about ${name}`,
    contact: 'Contact called',
    outcome: 'Call',
    photo: 'A photo is attached: open the QR code’s page to see it.',
    reply: 'Reply',
    when: 'Time',
    device: 'Device',
    kind: 'Kind',
    unknownDevice: 'Unknown device',
    latest: 'Latest scan',
    map: 'Open the map',
    view: 'View scan history',
    lostNote: 'This QR code is in lost mode: every scan is alerted at once.',
    ownerFooter: 'You get this because alerts are on for this QR code.',
    guardianFooter: 'You get this because the owner added you to this QR code’s alerts.',
    stop: 'Stop these alerts',
    unnamed: 'Your QR code',
  },
  hi: {
    scanned: (name: string) => `${name} स्कैन किया गया`,
    scannedMore: (name: string, count: number) => `${name} ${count} बार और स्कैन किया गया`,
    lostScanned: (name: string) => `खोई हुई वस्तु स्कैन हुई: ${name}`,
    location: (name: string) => `${name} पाने वाले ने अपनी लोकेशन साझा की`,
    called: (name: string) => `${name} स्कैन करने वाले ने CareCode से कॉल की`,
    missedCall: (name: string) => `${name} स्कैन करने वाले की छूटी कॉल`,
    wrote: (name: string) => `${name} के बारे में नया संदेश`,
    contact: 'जिस संपर्क को कॉल की गई',
    outcome: 'कॉल',
    photo: 'एक फ़ोटो साथ है: देखने के लिए QR कोड का पेज खोलें।',
    reply: 'जवाब दें',
    when: 'समय',
    device: 'डिवाइस',
    kind: 'प्रकार',
    unknownDevice: 'अज्ञात डिवाइस',
    latest: 'पिछला स्कैन',
    map: 'नक्शा खोलें',
    view: 'स्कैन इतिहास देखें',
    lostNote: 'यह QR कोड खोया हुआ मोड में है: हर स्कैन का अलर्ट तुरंत भेजा जाता है।',
    ownerFooter: 'आपको यह इसलिए मिला क्योंकि इस QR कोड के अलर्ट चालू हैं।',
    guardianFooter: 'आपको यह इसलिए मिला क्योंकि मालिक ने आपको इस QR कोड के अलर्ट में जोड़ा है।',
    stop: 'ये अलर्ट बंद करें',
    unnamed: 'आपका QR कोड',
  },
} as const;

/** `23 Nov 2026, 2:05 pm IST`: the product's times are India's. */
export function indiaTime(at: Date, language: MailLanguage): string {
  return `${new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    timeZone: ALERT_TIME_ZONE,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at)} IST`;
}

export const mapLink = ({ latitude, longitude }: { latitude: number; longitude: number }) =>
  `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;

function deviceText(device: AlertFacts['device'], language: MailLanguage): string {
  const parts = [device?.browser, device?.os && `(${device.os})`, device?.deviceType].filter(
    (part) => part && part !== 'Unknown' && part !== '(Unknown)',
  );
  return parts.length ? parts.join(' ') : texts[language].unknownDevice;
}

/** The headline and the detail lines of an alert, in the recipient's language. */
export function describeAlert(facts: AlertFacts, language: MailLanguage) {
  const t = texts[language];
  const name = facts.qrName.trim() || t.unnamed;
  if (facts.kind === 'call' && facts.call) {
    const connected = facts.call.status === 'completed' || facts.call.simulated;
    return {
      title: connected ? t.called(name) : t.missedCall(name),
      lines: [
        `${t.contact}: ${contactNames[language][facts.call.contact]}`,
        `${t.outcome}: ${callOutcome(facts.call, language).replace(/^(Call|कॉल) /, '')}`,
        `${t.when}: ${indiaTime(facts.at, language)}`,
      ],
    };
  }
  if (facts.kind === 'message' && facts.message) {
    return {
      title: t.wrote(name),
      lines: [
        `“${facts.message.text}”`,
        ...(facts.message.hasPhoto ? [t.photo] : []),
        `${t.when}: ${indiaTime(facts.at, language)}`,
      ],
    };
  }
  const title =
    facts.kind === 'location'
      ? t.location(name)
      : facts.lost
        ? t.lostScanned(name)
        : facts.followUp
          ? t.scannedMore(name, facts.scanCount)
          : t.scanned(name);
  const lines = [
    `${t.kind}: ${kindNames[language][facts.qrType]}`,
    `${facts.followUp && facts.kind === 'scan' ? t.latest : t.when}: ${indiaTime(facts.at, language)}`,
    ...(facts.kind === 'scan' ? [`${t.device}: ${deviceText(facts.device, language)}`] : []),
    ...(facts.location ? [`${t.map}: ${mapLink(facts.location)}`] : []),
    ...(facts.lost ? [t.lostNote] : []),
  ];
  return { title, lines };
}

/** The Web Push payload the service worker shows; tapping it opens the QR's detail page. */
export function pushPayload(facts: AlertFacts, language: MailLanguage) {
  const { title, lines } = describeAlert(facts, language);
  return {
    title,
    body: lines.filter((line) => !line.startsWith(`${texts[language].kind}:`)).join('\n'),
    url: `/qr-data/${facts.qrId}`,
    tag: `qr-${facts.qrId}`,
  };
}

/** The alert mail: what happened, a button to the QR's history, and a one-click way out. */
export function alertMail(
  facts: AlertFacts,
  language: MailLanguage,
  links: { detailUrl: string; unsubscribeUrl: string; guardian: boolean },
) {
  const t = texts[language];
  const { title, lines } = describeAlert(facts, language);
  return layoutMail(language, {
    subject: title,
    heading: title,
    paragraphs: lines,
    action: facts.location
      ? { label: t.map, url: mapLink(facts.location) }
      : facts.kind === 'message' && !links.guardian
        ? { label: t.reply, url: links.detailUrl }
        : links.guardian
          ? undefined
          : { label: t.view, url: links.detailUrl },
    footer: {
      text: links.guardian ? t.guardianFooter : t.ownerFooter,
      link: { label: t.stop, url: links.unsubscribeUrl },
    },
  });
}

const inviteTexts = {
  en: {
    subject: (owner: string) => `${owner} wants you to get CareCode alerts`,
    body: (owner: string, name: string) =>
      `${owner} asked CareCode to tell you when their QR code “${name}” is scanned, so that you know at once if someone finds it.`,
    action: 'Accept and get alerts',
    note: 'The link works once and expires in 7 days. If you do not know the sender, ignore this mail: you will get nothing more.',
  },
  hi: {
    subject: (owner: string) => `${owner} चाहते हैं कि आपको CareCode अलर्ट मिलें`,
    body: (owner: string, name: string) =>
      `${owner} ने CareCode से कहा है कि जब उनका QR कोड “${name}” स्कैन हो तो आपको बताया जाए, ताकि कोई उसे पाए तो आपको तुरंत पता चले।`,
    action: 'स्वीकार करें और अलर्ट पाएँ',
    note: 'यह लिंक एक बार काम करता है और 7 दिन में समाप्त हो जाता है। अगर आप भेजने वाले को नहीं जानते, तो इस मेल को अनदेखा करें: आपको आगे कुछ नहीं मिलेगा।',
  },
} as const;

/** The invitation a new guardian confirms. */
export function guardianInviteMail(
  language: MailLanguage,
  params: { ownerEmail: string; qrName: string; confirmUrl: string },
) {
  const t = inviteTexts[language];
  const name = params.qrName.trim() || texts[language].unnamed;
  return layoutMail(language, {
    subject: t.subject(params.ownerEmail),
    heading: t.subject(params.ownerEmail),
    paragraphs: [t.body(params.ownerEmail, name)],
    action: { label: t.action, url: params.confirmUrl },
    note: t.note,
  });
}
