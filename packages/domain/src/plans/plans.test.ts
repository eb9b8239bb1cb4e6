import { describe, expect, it } from 'vitest';
import {
  addBillingPeriod,
  canUpgradeTo,
  comingSoonFeatures,
  planFeatures,
  effectivePlan,
  extendedPlanEnd,
  parseBillingPeriod,
  formatRupees,
  groupsForPlan,
  isPurchasable,
  parsePlanName,
  planFromGroups,
  planRank,
  plans,
  planTypes,
  purchaseAmountPaise,
} from './plans.ts';

describe('plans', () => {
  it('lists the four plans in rank order', () => {
    expect(planTypes).toEqual(['FREE', 'BASIC', 'PREMIUM', 'BUSINESS']);
    expect(planTypes.map((type) => planRank[type])).toEqual([0, 1, 2, 3]);
  });

  it.each([
    ['FREE', { oneTimePaise: 0 }, 2, 10, []],
    ['BASIC', { oneTimePaise: 24_900 }, 10, 200, []],
    [
      'PREMIUM',
      { monthlyPaise: 9_900, yearlyPaise: 95_000 },
      15,
      500,
      ['maskedCallBridge', 'analytics', 'preferences'],
    ],
    [
      'BUSINESS',
      { monthlyPaise: 99_900, yearlyPaise: 959_000 },
      null,
      500,
      ['customBranding', 'analytics', 'bulkGeneration', 'teamDashboard'],
    ],
  ] as const)(
    '%s costs %j, allows %s QRs and %i scans per QR per month',
    (type, amounts, maxQrCodes, scans, features) => {
      const plan = plans[type];
      expect(plan.key).toBe(type);
      expect(plan.amounts).toEqual(amounts);
      expect(plan.limits).toEqual({ maxQrCodes, scansPerQrPerMonth: scans });
      expect(plan.features).toEqual(features);
    },
  );

  it('marks no extra Coming Soon: every promised feature is built', () => {
    expect([...comingSoonFeatures]).toEqual([]);
    for (const built of planFeatures) {
      expect(comingSoonFeatures.has(built)).toBe(false);
    }
  });
});

describe('planFromGroups', () => {
  it.each([
    [undefined, 'FREE'],
    [[], 'FREE'],
    [['other'], 'FREE'],
    [['basic'], 'BASIC'],
    [['premium'], 'PREMIUM'],
    [['basic', 'premium'], 'PREMIUM'],
    [['premium', 'basic'], 'PREMIUM'],
    [['business'], 'BUSINESS'],
    [['premium', 'business'], 'BUSINESS'],
  ])('derives %j as %s', (groups, expected) => {
    expect(planFromGroups(groups)).toBe(expected);
  });
});

describe('groupsForPlan', () => {
  it.each([
    ['FREE', []],
    ['BASIC', ['basic']],
    ['PREMIUM', ['premium']],
    ['BUSINESS', ['business']],
  ] as const)('gives %s the groups %j', (plan, groups) => {
    expect(groupsForPlan(plan)).toEqual(groups);
  });

  it.each(['FREE', 'BASIC', 'PREMIUM', 'BUSINESS'] as const)(
    'round-trips %s through planFromGroups',
    (plan) => {
      expect(planFromGroups(groupsForPlan(plan))).toBe(plan);
    },
  );
});

describe('parsePlanName', () => {
  it.each([
    ['basic', 'BASIC'],
    ['Basic', 'BASIC'],
    ['BASIC', 'BASIC'],
    ['premium', 'PREMIUM'],
    ['Business', 'BUSINESS'],
    ['free', 'FREE'],
    ['gold', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('parses %j as %s', (name, expected) => {
    expect(parsePlanName(name)).toBe(expected);
  });
});

describe('isPurchasable and canUpgradeTo', () => {
  it.each([
    ['FREE', false],
    ['BASIC', true],
    ['PREMIUM', true],
    ['BUSINESS', true],
  ] as const)('%s purchasable: %s', (plan, expected) => {
    expect(isPurchasable(plan)).toBe(expected);
  });

  it.each([
    ['FREE', 'BASIC', 'FREE', true],
    ['BASIC', 'BASIC', 'BASIC', false],
    ['FREE', 'PREMIUM', 'FREE', true],
    ['FREE', 'BUSINESS', 'FREE', true],
    ['FREE', 'FREE', 'FREE', false],
    // Premium runs: it can be renewed early, Business bought, Basic bought as what remains after.
    ['PREMIUM', 'PREMIUM', 'FREE', true],
    ['PREMIUM', 'BUSINESS', 'FREE', true],
    ['PREMIUM', 'BASIC', 'FREE', true],
    ['PREMIUM', 'BASIC', 'BASIC', false],
    // Business runs: Premium waits until it ends.
    ['BUSINESS', 'PREMIUM', 'BASIC', false],
    ['BUSINESS', 'BUSINESS', 'BASIC', true],
  ] as const)('in force %s, buying %s, owned %s: %s', (current, target, owned, expected) => {
    expect(canUpgradeTo(current, target, owned)).toBe(expected);
  });

  it('charges Basic once, Premium and Business per period, in exact paise', () => {
    expect(purchaseAmountPaise('BASIC')).toBe(24_900);
    expect(purchaseAmountPaise('BASIC', 'MONTHLY')).toBeUndefined();
    expect(purchaseAmountPaise('PREMIUM')).toBeUndefined();
    expect(purchaseAmountPaise('PREMIUM', 'MONTHLY')).toBe(9_900);
    expect(purchaseAmountPaise('PREMIUM', 'YEARLY')).toBe(95_000);
    expect(purchaseAmountPaise('BUSINESS', 'MONTHLY')).toBe(99_900);
    expect(purchaseAmountPaise('BUSINESS', 'YEARLY')).toBe(959_000);
    expect(purchaseAmountPaise('FREE')).toBeUndefined();
  });

  it('parses billing periods from links', () => {
    expect(parseBillingPeriod('yearly')).toBe('YEARLY');
    expect(parseBillingPeriod('MONTHLY')).toBe('MONTHLY');
    expect(parseBillingPeriod('weekly')).toBeUndefined();
    expect(parseBillingPeriod(null)).toBeUndefined();
  });
});

describe('effectivePlan', () => {
  const end = new Date('2026-12-23T06:00:00.000Z');
  it('is the paid plan until its end, then the plan owned for good', () => {
    const basic = { plan: 'BASIC' as const, paidPlan: 'PREMIUM' as const, planExpiresAt: end };
    expect(effectivePlan(basic, end.getTime() - 1)).toBe('PREMIUM');
    expect(effectivePlan(basic, end.getTime())).toBe('BASIC');
    expect(effectivePlan({ ...basic, plan: 'FREE' }, end.getTime() + 1)).toBe('FREE');
    expect(effectivePlan({ plan: 'FREE', paidPlan: null, planExpiresAt: null }, 0)).toBe('FREE');
  });
});

describe('addBillingPeriod (India time)', () => {
  // Times are IST noon (06:30Z) unless said.
  const ist = (date: string, time = '12:00') => new Date(`${date}T${time}:00.000+05:30`);
  it.each([
    ['2026-01-15', 'MONTHLY', '2026-02-15'],
    ['2026-01-31', 'MONTHLY', '2026-02-28'],
    ['2028-01-31', 'MONTHLY', '2028-02-29'],
    ['2026-03-31', 'MONTHLY', '2026-04-30'],
    ['2026-12-31', 'MONTHLY', '2027-01-31'],
    ['2026-11-23', 'YEARLY', '2027-11-23'],
    ['2028-02-29', 'YEARLY', '2029-02-28'],
  ] as const)('%s + %s = %s', (from, period, to) => {
    expect(addBillingPeriod(ist(from), period).toISOString()).toBe(ist(to).toISOString());
  });

  it("counts on India's calendar: 31 Jan 01:00 IST (30 Jan in UTC) + 1 month = 28 Feb 01:00 IST", () => {
    expect(addBillingPeriod(ist('2026-01-31', '01:00'), 'MONTHLY').toISOString()).toBe(
      ist('2026-02-28', '01:00').toISOString(),
    );
  });

  it('extends from the old end while the plan runs, else from now', () => {
    const now = ist('2026-11-23').getTime();
    expect(extendedPlanEnd(ist('2026-12-10'), 'MONTHLY', now).toISOString()).toBe(
      ist('2027-01-10').toISOString(),
    );
    expect(extendedPlanEnd(ist('2026-11-01'), 'MONTHLY', now).toISOString()).toBe(
      ist('2026-12-23').toISOString(),
    );
    expect(extendedPlanEnd(null, 'YEARLY', now).toISOString()).toBe(
      ist('2027-11-23').toISOString(),
    );
  });
});

describe('formatRupees', () => {
  it.each([
    [0, '₹0'],
    [9_900, '₹99'],
    [24_900, '₹249'],
    [95_000, '₹950'],
    [99_900, '₹999'],
    [959_000, '₹9,590'],
    [10_000_000, '₹1,00,000'],
    [1_234_567_800, '₹1,23,45,678'],
    [24_950, '₹249.50'],
  ])('formats %i paise as %s', (paise, expected) => {
    expect(formatRupees(paise)).toBe(expected);
  });
});
