import { describe, expect, it } from 'vitest';
import { bloodGroupLabels, bloodGroups, toBloodGroup } from './blood-group.ts';

describe('toBloodGroup', () => {
  it.each(bloodGroups.map((group) => [group, group]))('keeps the value %s', (input, expected) => {
    expect(toBloodGroup(input)).toBe(expected);
  });

  it.each([
    ['A+', 'A_POSITIVE'],
    ['A-', 'A_NEGATIVE'],
    ['B+', 'B_POSITIVE'],
    ['B-', 'B_NEGATIVE'],
    ['AB+', 'AB_POSITIVE'],
    ['AB-', 'AB_NEGATIVE'],
    ['O+', 'O_POSITIVE'],
    ['O-', 'O_NEGATIVE'],
    ['ab+', 'AB_POSITIVE'],
  ])('maps the label %s to %s', (input, expected) => {
    expect(toBloodGroup(input)).toBe(expected);
  });

  it.each([["Don't Know"], ['Dont_Know'], ['Z+'], ['unknown'], [''], [42], [null], [undefined]])(
    'maps the unknown value %j to DONT_KNOW',
    (input) => {
      expect(toBloodGroup(input)).toBe('DONT_KNOW');
    },
  );

  it('labels every group, with "Don\'t Know" for DONT_KNOW', () => {
    expect(Object.values(bloodGroupLabels)).toEqual([
      'A+',
      'A-',
      'B+',
      'B-',
      'AB+',
      'AB-',
      'O+',
      'O-',
      "Don't Know",
    ]);
  });
});
