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

/**
 * Extras the spec promises that are not built yet: the pricing page marks each 'Coming Soon'.
 * None is left: preferences (every plan), the masked call bridge and analytics (Premium,
 * Business), bulk generation, custom branding and the team dashboard (Business) are all real.
 * The set stays so a future promise can be marked the same way.
 */
export const comingSoonFeatures: ReadonlySet<PlanFeature> = new Set<PlanFeature>([]);

/** How a Premium or Business plan is paid: one payment per period. */
export const billingPeriods = ['MONTHLY', 'YEARLY'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

/** Plans bought per period (the others are one-time: Free costs nothing, Basic is lifetime). */
export const subscriptionPlans = ['PREMIUM', 'BUSINESS'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const isSubscriptionPlan = (plan: PlanType): plan is SubscriptionPlan =>
  (subscriptionPlans as readonly PlanType[]).includes(plan);

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
}

export const plans: Record<PlanType, Plan> = {
  FREE: {
    key: 'FREE',
    amounts: { oneTimePaise: 0 },
    limits: { maxQrCodes: 2, scansPerQrPerMonth: 10 },
    features: [],
  },
  BASIC: {
    key: 'BASIC',
    amounts: { oneTimePaise: 24_900 },
    limits: { maxQrCodes: 10, scansPerQrPerMonth: 200 },
    features: [],
  },
  PREMIUM: {
    key: 'PREMIUM',
    amounts: { monthlyPaise: 9_900, yearlyPaise: 95_000 },
    limits: { maxQrCodes: 15, scansPerQrPerMonth: 500 },
    features: ['maskedCallBridge', 'analytics', 'preferences'],
  },
  BUSINESS: {
    key: 'BUSINESS',
    amounts: { monthlyPaise: 99_900, yearlyPaise: 959_000 },
    limits: { maxQrCodes: null, scansPerQrPerMonth: 500 },
    features: ['customBranding', 'analytics', 'bulkGeneration', 'teamDashboard'],
  },
};

export const planList: readonly Plan[] = planTypes.map((type) => plans[type]);

/** Yearly billing is advertised as saving 20%. */
export const YEARLY_SAVING_PERCENT = 20;

export const planRank: Record<PlanType, number> = { FREE: 0, BASIC: 1, PREMIUM: 2, BUSINESS: 3 };

/**
 * Spec §4: the plan comes from the identity groups: premium if present, else basic, else Free
 * (business, which the spec's clients never saw, ranks above premium).
 */
export function planFromGroups(groups: readonly string[] | undefined): PlanType {
  if (groups?.includes('business')) return 'BUSINESS';
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

/** A billing period from a link ('yearly', 'YEARLY'); otherwise undefined. */
export function parseBillingPeriod(name: string | null | undefined): BillingPeriod | undefined {
  const upper = name?.trim().toUpperCase();
  return billingPeriods.find((period) => period === upper);
}

/** Basic (one-time), Premium and Business (per period) can be bought; Free needs no payment. */
export function isPurchasable(plan: PlanType): boolean {
  return plan !== 'FREE';
}

/**
 * The one price to charge, in paise: Basic's one-time price (no period), or Premium's and
 * Business's price for the period; undefined for any other combination.
 */
export function purchaseAmountPaise(plan: PlanType, period?: BillingPeriod): number | undefined {
  const { amounts } = plans[plan];
  if (plan === 'FREE') return undefined;
  if (!isSubscriptionPlan(plan)) return period === undefined ? amounts.oneTimePaise : undefined;
  if (period === 'MONTHLY') return amounts.monthlyPaise;
  if (period === 'YEARLY') return amounts.yearlyPaise;
  return undefined;
}

const higher = (a: PlanType, b: PlanType): PlanType => (planRank[a] >= planRank[b] ? a : b);

/**
 * What an account holds: `plan`, the plan owned for good (Free, or Basic once bought), and the
 * Premium or Business plan paid per period, which counts until `planExpiresAt`.
 */
export interface PlanHolding {
  plan: PlanType;
  paidPlan: PlanType | null;
  planExpiresAt: Date | null;
}

/** The paid plan while it runs (`at` before its end), else undefined. */
export function activePaidPlan(
  holding: PlanHolding,
  at: number,
): { plan: PlanType; expiresAt: Date } | undefined {
  const { paidPlan, planExpiresAt } = holding;
  if (!paidPlan || !planExpiresAt || planExpiresAt.getTime() <= at) return undefined;
  return { plan: paidPlan, expiresAt: planExpiresAt };
}

/**
 * The plan in force at `at`: the paid plan until its end, then the best plan still owned (Basic
 * if ever bought, else Free). Every limit and the token groups follow this one function.
 */
export function effectivePlan(holding: PlanHolding, at: number): PlanType {
  const paid = activePaidPlan(holding, at);
  return paid ? higher(holding.plan, paid.plan) : holding.plan;
}

/** India has one offset all year (no summer time): UTC+05:30. */
const INDIA_OFFSET_MS = 330 * 60_000;

/**
 * The end of one period that starts at `from`, counted on India's calendar: a month later on
 * the same day and time (or the month's last day when it has no such day: 31 Jan + 1 month =
 * 28 Feb, or 29 Feb in a leap year), or a year later (29 Feb + 1 year = 28 Feb).
 */
export function addBillingPeriod(from: Date, period: BillingPeriod): Date {
  const india = new Date(from.getTime() + INDIA_OFFSET_MS);
  const months = period === 'MONTHLY' ? 1 : 12;
  const year = india.getUTCFullYear();
  const month = india.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(india.getUTCDate(), lastDay);
  const end = Date.UTC(
    year,
    month,
    day,
    india.getUTCHours(),
    india.getUTCMinutes(),
    india.getUTCSeconds(),
    india.getUTCMilliseconds(),
  );
  return new Date(end - INDIA_OFFSET_MS);
}

/**
 * The new end of a paid plan when one more period is paid at `at`: counted from the old end
 * while the plan still runs (paying early loses nothing), else from `at`.
 */
export function extendedPlanEnd(currentEnd: Date | null, period: BillingPeriod, at: number): Date {
  const start = currentEnd && currentEnd.getTime() > at ? currentEnd : new Date(at);
  return addBillingPeriod(start, period);
}

/**
 * Whether `target` can be bought by an account whose plan in force is `current` and whose plan
 * owned for good is `owned` (the same unless a paid plan runs). Basic, once, by an account that
 * does not own it (also while Premium runs: it is what remains afterwards); Premium or Business
 * when no higher plan is in force (the same one renews early: the period is added to its end).
 */
export function canUpgradeTo(
  current: PlanType,
  target: PlanType,
  owned: PlanType = current,
): boolean {
  if (target === 'FREE') return false;
  if (isSubscriptionPlan(target)) return planRank[current] <= planRank[target];
  return planRank[owned] < planRank[target];
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
