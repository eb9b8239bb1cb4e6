import type { AuditAction } from '@carecode/domain/organizations/organization.schema';
import type { Db } from '../../db/client.ts';
import { organizationAudit } from '../../db/schema/index.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface AuditRecord {
  organizationId: string;
  /** Who did it. */
  actorId: string;
  action: AuditAction;
  /** What it was done to: a QR id, a member's or an invitee's e-mail. */
  target?: string | null;
  data?: Record<string, unknown>;
}

/**
 * Writes one line of an organisation's audit log. Pass the transaction that makes the change, so
 * the change and its line are kept or lost together.
 */
export async function recordAudit(db: Db | Tx, record: AuditRecord): Promise<void> {
  await db.insert(organizationAudit).values({
    organizationId: record.organizationId,
    actorId: record.actorId,
    action: record.action,
    target: record.target ?? null,
    data: record.data ?? {},
  });
}
