// Helpers shared by the scan tests: owners, QR codes and scans set up through the database and
// the real scan URL.
import { count, eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper.ts';
import { qrCodes, scans } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { createUsersRepository, type PlanType } from '../users/users.repository.ts';

export const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';
export const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
export const WINDOWS_FIREFOX =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

export const personDetails = (fullName = 'Asha Verma') => ({
  fullName,
  emergencyContact: { name: 'Ravi Verma', phoneNumber: '9876543210' },
  medicalDetails: {
    bloodGroup: 'O_POSITIVE',
    medicalHistory: 'Asthma',
    allergies: 'Penicillin',
    currentMedications: '',
  },
});

export interface Owner {
  id: string;
  subject: string;
  headers: { authorization: string };
}

export async function createOwner(t: TestApp, subject: string, plan?: PlanType): Promise<Owner> {
  const users = createUsersRepository(t.database.db);
  const row = await users.ensure({ subject, email: `${subject}@example.com`, emailVerified: true });
  if (plan) await users.setPlan(row.id, plan);
  return { id: row.id, subject, headers: await t.authHeaders({ subject }) };
}

export async function createQr(
  t: TestApp,
  ownerId: string,
  options: { isPublic?: boolean; fullName?: string } = {},
): Promise<string> {
  const id = newId();
  await t.database.db.insert(qrCodes).values({
    id,
    ownerId,
    type: 'PERSON',
    details: personDetails(options.fullName),
    isPublic: options.isPublic ?? true,
  });
  return id;
}

let addressCounter = 0;
/** A fresh client address, so tests do not share one rate-limit counter. */
export const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

export async function scan(
  t: TestApp,
  qrId: string,
  options: {
    userAgent?: string;
    address?: string;
    method?: 'GET' | 'HEAD';
    acceptLanguage?: string;
  } = {},
) {
  const res = await t.app.inject({
    method: options.method ?? 'GET',
    url: `/api/qr-codes/${encodeURIComponent(qrId)}/scan`,
    headers: {
      'user-agent': options.userAgent ?? ANDROID_CHROME,
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
    remoteAddress: options.address ?? nextAddress(),
  });
  const location = String(res.headers.location ?? '');
  const match = location.match(/\/scans\/([^/?#]+)$/);
  return { res, location, scanId: match?.[1] };
}

/** Scans recorded for a QR, counted straight in the table. */
export async function countScans(t: TestApp, qrId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ total: count() })
    .from(scans)
    .where(eq(scans.qrId, qrId));
  return Number(row.total);
}

/**
 * Rate-limit windows are aligned to the clock: a test that counts up to a limit first waits out
 * the end of a window, so its requests all fall into one.
 */
export async function awaitFreshWindow(windowSeconds: number, marginMs = 8000) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
