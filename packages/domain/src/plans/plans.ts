/** Plans, prices and limits of spec §9. Money is integer paise. */

export const planTypes = ['FREE', 'BASIC', 'PREMIUM', 'BUSINESS'] as const;
export type PlanType = (typeof planTypes)[number];

export const planFeatures = [
  'maskedCallBridge',
  'analytics',
  'preferences',
  'customBranding',
  'bulkGeneration',
  'teamDashboard',
] as const;
export type PlanFeature = (typeof planFeatures)[number];

export interface PlanAmounts {
  oneTimePaise?: number;
  monthlyPaise?: number;
  yearlyPaise?: number;
}

export interface PlanLimits {
  /** null means unlimited. */
  maxQrCodes: number | null;
  scansPerQrPerMonth: number;
}

export interface Plan {
  key: PlanType;
  amounts: PlanAmounts;
  limits: PlanLimits;
  features: readonly PlanFeature[];
  comingSoon: boolean;
}

export const plans: Record<PlanType, Plan> = {
  FREE: {
    key: 'FREE',
    amounts: { oneTimePaise: 0 },
    limits: { maxQrCodes: 2, scansPerQrPerMonth: 10 },
    features: [],
    comingSoon: false,
  },
  BASIC: {
    key: 'BASIC',
    amounts: { oneTimePaise: 24_900 },
    limits: { maxQrCodes: 10, scansPerQrPerMonth: 200 },
    features: [],
    comingSoon: false,
  },
  PREMIUM: {
    key: 'PREMIUM',
    amounts: { monthlyPaise: 9_900, yearlyPaise: 95_000 },
    limits: { maxQrCodes: 15, scansPerQrPerMonth: 500 },
    features: ['maskedCallBridge', 'analytics', 'preferences'],
    comingSoon: true,
  },
  BUSINESS: {
    key: 'BUSINESS',
    amounts: { monthlyPaise: 99_900, yearlyPaise: 959_000 },
    limits: { maxQrCodes: null, scansPerQrPerMonth: 500 },
    features: ['customBranding', 'analytics', 'bulkGeneration', 'teamDashboard'],
    comingSoon: true,
  },
};

export const planList: readonly Plan[] = planTypes.map((type) => plans[type]);

/** Yearly billing is advertised as saving 20%. */
export const YEARLY_SAVING_PERCENT = 20;

export const planRank: Record<PlanType, number> = { FREE: 0, BASIC: 1, PREMIUM: 2, BUSINESS: 3 };

/** Spec §4: the plan comes from the identity groups: premium if present, else basic, else Free. */
export function planFromGroups(groups: readonly string[] | undefined): PlanType {
  if (groups?.includes('premium')) return 'PREMIUM';
  if (groups?.includes('basic')) return 'BASIC';
  return 'FREE';
}

export function groupsForPlan(plan: PlanType): string[] {
  switch (plan) {
    case 'FREE':
      return [];
    case 'BASIC':
      return ['basic'];
    case 'PREMIUM':
      return ['premium'];
    case 'BUSINESS':
      return ['business'];
  }
}

/** A known plan name, case-insensitive ('basic', 'Basic' → BASIC); otherwise undefined. */
export function parsePlanName(name: string | null | undefined): PlanType | undefined {
  const upper = name?.trim().toUpperCase();
  return planTypes.find((type) => type === upper);
}

/** Only Basic can be bought today; Premium and Business are Coming Soon. */
export function isPurchasable(plan: PlanType): boolean {
  return plan === 'BASIC';
}

/** Spec §4: upgrade is offered only when the target is Basic and the current plan is below it. */
export function canUpgradeTo(current: PlanType, target: PlanType): boolean {
  return target === 'BASIC' && planRank[current] < planRank.BASIC;
}

/** The one price to charge when buying a plan, in paise (undefined when not purchasable). */
export function purchaseAmountPaise(plan: PlanType): number | undefined {
  return isPurchasable(plan) ? plans[plan].amounts.oneTimePaise : undefined;
}

/** '₹249', '₹9,590', '₹1,00,000' (Indian digit grouping; paise shown only when not whole). */
export function formatRupees(paise: number): string {
  const sign = paise < 0 ? '-' : '';
  const abs = Math.abs(Math.round(paise));
  const rupees = Math.floor(abs / 100).toString();
  const rest = abs % 100;
  const lastThree = rupees.slice(-3);
  const head = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  const grouped = head ? `${head},${lastThree}` : lastThree;
  const fraction = rest ? `.${rest.toString().padStart(2, '0')}` : '';
  return `${sign}₹${grouped}${fraction}`;
}

/** Each plan's name in each language: once for the web app, the server's sentences and pages. */
export const planNames: Record<'en' | 'hi', Record<PlanType, string>> = {
  en: { FREE: 'Free', BASIC: 'Basic', PREMIUM: 'Premium', BUSINESS: 'Business' },
  hi: { FREE: 'फ़्री', BASIC: 'बेसिक', PREMIUM: 'प्रीमियम', BUSINESS: 'बिज़नेस' },
};
