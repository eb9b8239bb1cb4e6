import { describe, expect, it } from 'vitest';
import { checkTimesSeconds, nextCheckAt } from './reconciliation.ts';

describe("the pending order's check schedule", () => {
  it("follows PhonePe's back-off: 20 s, then every 3 s for 30 s, 6 s for a minute, 10 s, 30 s, then every minute", () => {
    expect(checkTimesSeconds(400)).toEqual([
      20,
      23,
      26,
      29,
      32,
      35,
      38,
      41,
      44,
      47, // first at 20 s, then every 3 s
      50,
      56,
      62,
      68,
      74,
      80,
      86,
      92,
      98,
      104, // every 6 s
      110,
      120,
      130,
      140,
      150,
      160, // every 10 s
      170,
      200, // every 30 s
      230,
      290,
      350, // every minute
    ]);
  });

  it('names the next check after any moment, however late', () => {
    const created = new Date('2026-11-23T10:00:00.000Z');
    const after = (seconds: number) =>
      (nextCheckAt(created, new Date(created.getTime() + seconds * 1000)).getTime() -
        created.getTime()) /
      1000;
    expect(after(0)).toBe(20);
    expect(after(20)).toBe(23);
    expect(after(49.5)).toBe(50);
    expect(after(109)).toBe(110);
    expect(after(171)).toBe(200);
    expect(after(3600)).toBe(3650);
  });
});
