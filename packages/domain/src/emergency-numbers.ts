/** India's emergency numbers; `key` is a stable id the web app translates. */
export const emergencyNumbers = [
  { number: '112', key: 'allInOne' },
  { number: '100', key: 'police' },
  { number: '102', key: 'ambulance' },
  { number: '108', key: 'emergency' },
  { number: '1033', key: 'highwayAccident' },
  { number: '1091', key: 'women' },
  { number: '1098', key: 'child' },
  { number: '101', key: 'fire' },
  { number: '1078', key: 'disaster' },
] as const;
export type EmergencyNumber = (typeof emergencyNumbers)[number];
export type EmergencyNumberKey = EmergencyNumber['key'];

/** The scan page lists every number except 108. */
export const scanEmergencyNumbers: readonly EmergencyNumber[] = emergencyNumbers.filter(
  (entry) => entry.number !== '108',
);

/** The emergency list's texts, once for the web app, the server's help pages and the print. */
export const emergencyTexts = {
  en: {
    title: 'Emergency Numbers (India)',
    /** `{number}` and `{service}` are filled in. */
    callLabel: 'Call {number}, {service}',
    services: {
      allInOne: 'All-in-one Emergency',
      police: 'Police',
      ambulance: 'Ambulance',
      emergency: 'Emergency',
      highwayAccident: 'Highway Accident',
      women: 'Women Helpline',
      child: 'Child Helpline',
      fire: 'Fire',
      disaster: 'Disaster Management',
    },
  },
  hi: {
    title: 'आपातकालीन नंबर (भारत)',
    callLabel: '{number} पर कॉल करें, {service}',
    services: {
      allInOne: 'सभी आपात स्थितियों के लिए',
      police: 'पुलिस',
      ambulance: 'एम्बुलेंस',
      emergency: 'आपातकालीन सेवा',
      highwayAccident: 'राजमार्ग दुर्घटना',
      women: 'महिला हेल्पलाइन',
      child: 'चाइल्ड हेल्पलाइन',
      fire: 'अग्निशमन',
      disaster: 'आपदा प्रबंधन',
    },
  },
} as const satisfies Record<
  'en' | 'hi',
  { title: string; callLabel: string; services: Record<EmergencyNumberKey, string> }
>;

/** The tap-to-call label of one number, e.g. 'Call 112, All-in-one Emergency'. */
export function emergencyCallLabel(entry: EmergencyNumber, language: 'en' | 'hi'): string {
  const texts = emergencyTexts[language];
  return texts.callLabel
    .replace('{number}', entry.number)
    .replace('{service}', texts.services[entry.key]);
}
