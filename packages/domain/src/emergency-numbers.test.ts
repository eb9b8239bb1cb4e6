import { describe, expect, it } from 'vitest';
import { emergencyNumbers, scanEmergencyNumbers } from './emergency-numbers.ts';

describe('emergency numbers', () => {
  it('lists the nine Indian numbers in order', () => {
    expect(emergencyNumbers.map(({ number, key }) => `${number} ${key}`)).toEqual([
      '112 allInOne',
      '100 police',
      '102 ambulance',
      '108 emergency',
      '1033 highwayAccident',
      '1091 women',
      '1098 child',
      '101 fire',
      '1078 disaster',
    ]);
  });

  it('leaves 108 out of the scan page list', () => {
    expect(scanEmergencyNumbers.map(({ number }) => number)).toEqual([
      '112',
      '100',
      '102',
      '1033',
      '1091',
      '1098',
      '101',
      '1078',
    ]);
  });
});
