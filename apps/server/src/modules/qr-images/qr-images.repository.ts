import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { qrCodes } from '../../db/schema/index.ts';
import { visibleQrSql } from '../organizations/organization-access.repository.ts';

export function createQrImagesRepository(db: Db) {
  return {
    /** True when the QR exists and the reader sees it (theirs, or their organisation's). */
    async isOwned(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .select({ id: qrCodes.id })
        .from(qrCodes)
        .where(and(eq(qrCodes.id, id), visibleQrSql(ownerId)))
        .limit(1);
      return rows.length > 0;
    },
  };
}

export type QrImagesRepository = ReturnType<typeof createQrImagesRepository>;
