import { describe, expect, it } from 'vitest';
import { detailStatusTone, scanBadgeTone, tileStatusTone } from './status.ts';

describe('scanBadgeTone (spec §9)', () => {
  it.each([
    [0, 'blue'],
    [7, 'blue'],
    [8, 'yellow'],
    [9, 'yellow'],
    [10, 'red'],
    [250, 'red'],
  ])('%i scans → %s', (count, tone) => {
    expect(scanBadgeTone(count)).toBe(tone);
  });
});

describe('detailStatusTone (spec §4)', () => {
  it.each([
    ['ASSIGNED', 'green'],
    ['UNASSIGNED', 'red'],
    ['DISABLED', 'red'],
    ['SOMETHING_NEW', 'red'],
  ])('%s → %s', (status, tone) => {
    expect(detailStatusTone(status)).toBe(tone);
  });
});

describe('tileStatusTone (spec §4)', () => {
  it.each([
    ['ASSIGNED', 'green'],
    ['assigned', 'green'],
    ['ACTIVE', 'green'],
    ['EXPIRED', 'red'],
    ['DISABLED', 'red'],
    ['UNASSIGNED', 'amber'],
    ['PENDING', 'amber'],
  ])('%s → %s', (status, tone) => {
    expect(tileStatusTone(status)).toBe(tone);
  });
});
