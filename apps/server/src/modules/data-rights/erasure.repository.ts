import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const subjectHash = (subject: string) => createHash('sha256').update(subject).digest('hex');

/**
 * Erases an account in one transaction: its alerts, scans (with their locations), sign-in
 * sessions and grants, then the account itself, whose removal cascades to its QR codes,
 * guardians, devices, preferences, profile, password and one-time links. Orders stay, detached
 * from the person (user_id set null), as tax law requires. The sign-in subject is remembered
 * only as a hash, so a token issued before is refused rather than recreating the account.
 * Organisations they own go too; in others, their invitations go and the audit log keeps what
 * they did with no name on it.
 */
export function createErasureRepository(db: Db) {
  return {
    async erase(user: { id: string; subject: string }): Promise<void> {
      await db.transaction(async (tx) => {
        const qrs = sql`(select id from qr_codes where owner_id = ${user.id})`;
        await tx.execute(sql`delete from alert_deliveries where qr_id in ${qrs}`);
        await tx.execute(sql`delete from alert_throttle where qr_id in ${qrs}`);
        await tx.execute(sql`delete from alert_events where owner_id = ${user.id}`);
        // Rate-limit counters keyed by the account, one of its codes (scans per address) or one
        // of its scans (a scan session's reads, calls, messages): before the scans go.
        await tx.execute(
          sql`delete from rate_limit_counters r
              where position(${user.id} in r.key) > 0
                 or exists (select 1 from qr_codes q
                            where q.owner_id = ${user.id} and position(q.id in r.key) > 0)
                 or substring(r.key from '[|:]([A-Za-z0-9_-]{22})$')
                      in (select id from scans where owner_id = ${user.id})`,
        );
        await tx.execute(sql`delete from scans where owner_id = ${user.id}`);
        await tx.execute(
          sql`delete from oidc_models where payload->>'accountId' = ${user.subject}`,
        );
        await tx.execute(
          sql`insert into erased_accounts (subject_hash) values (${subjectHash(user.subject)})
              on conflict do nothing`,
        );
        // Organisations: the ones they own go with the account (cascade); in others, their
        // invitations go and the audit log keeps the change but not their address.
        const email = sql`(select lower(email) from users where id = ${user.id})`;
        await tx.execute(sql`delete from organization_invitations where email = ${email}`);
        await tx.execute(
          sql`update organization_audit set target = null
              where target is not null and lower(target) = ${email}`,
        );
        await tx.execute(
          sql`update organization_audit set data = data - 'invitedEmail'
              where lower(data->>'invitedEmail') = ${email}`,
        );
        await tx.execute(sql`delete from users where id = ${user.id}`);
      });
    },
  };
}
