import { describe, expect, it } from 'vitest';
import {
  canUpgradeTo,
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
    ['FREE', { oneTimePaise: 0 }, 2, 10, [], false],
    ['BASIC', { oneTimePaise: 24_900 }, 10, 200, [], false],
    [
      'PREMIUM',
      { monthlyPaise: 9_900, yearlyPaise: 95_000 },
      15,
      500,
      ['maskedCallBridge', 'analytics', 'preferences'],
      true,
    ],
    [
      'BUSINESS',
      { monthlyPaise: 99_900, yearlyPaise: 959_000 },
      null,
      500,
      ['customBranding', 'analytics', 'bulkGeneration', 'teamDashboard'],
      true,
    ],
  ] as const)(
    '%s costs %j, allows %s QRs and %i scans per QR per month',
    (type, amounts, maxQrCodes, scans, features, comingSoon) => {
      const plan = plans[type];
      expect(plan.key).toBe(type);
      expect(plan.amounts).toEqual(amounts);
      expect(plan.limits).toEqual({ maxQrCodes, scansPerQrPerMonth: scans });
      expect(plan.features).toEqual(features);
      expect(plan.comingSoon).toBe(comingSoon);
    },
  );
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

  it.each(['FREE', 'BASIC', 'PREMIUM'] as const)(
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
    ['PREMIUM', false],
    ['BUSINESS', false],
  ] as const)('%s purchasable: %s', (plan, expected) => {
    expect(isPurchasable(plan)).toBe(expected);
  });

  it.each([
    ['FREE', 'BASIC', true],
    ['BASIC', 'BASIC', false],
    ['PREMIUM', 'BASIC', false],
    ['FREE', 'PREMIUM', false],
    ['FREE', 'BUSINESS', false],
    ['FREE', 'FREE', false],
  ] as const)('from %s to %s: %s', (current, target, expected) => {
    expect(canUpgradeTo(current, target)).toBe(expected);
  });

  it('charges ₹249 for Basic and nothing purchasable otherwise', () => {
    expect(purchaseAmountPaise('BASIC')).toBe(24_900);
    expect(purchaseAmountPaise('PREMIUM')).toBeUndefined();
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
