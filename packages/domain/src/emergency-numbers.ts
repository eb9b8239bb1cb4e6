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
