import type { BulkCreateResult } from '@carecode/domain/qr-codes/bulk';
import {
  sizesByKind,
  themesByKind,
  titlesByKind,
  designerKindByType,
  DEFAULT_SIZE_ID,
} from '@carecode/domain/qr-codes/card-designs';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import type { SheetRequest } from '@carecode/domain/qr-codes/sheet.schema';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireOrganizationRole } from '../organizations/organization-access.repository.ts';
import { newId } from '../../lib/ids.ts';
import { qrCodeLimitFor, toQrCode } from '../qr-codes/qr-codes.service.ts';
import { parseBulkCsv } from './bulk-csv.ts';
import type { QrBulkRepository } from './qr-bulk.repository.ts';
import { scanUrl } from '../qr-images/qr-images.service.ts';
import type { SheetCard, SheetOptions, SheetStyle } from './qr-sheet.pdf.ts';

/** The card's note (the designer's `card.note`, English; spec §1). */
export const CARD_NOTE = 'Scan using camera or any QR scanner like a payment-app scanner.';

/** How a sheet draws its cards: the scan URL, each kind's look, note and website. */
export function sheetOptions(
  config: { apiBaseUrl: string; siteHost: string },
  choice: Pick<SheetRequest, 'theme' | 'size' | 'title'>,
): SheetOptions {
  return {
    scanUrl: (id) => scanUrl(config.apiBaseUrl, id),
    styleOf: sheetStyleOf(choice),
    note: CARD_NOTE,
    website: config.siteHost,
  };
}

/** The designer's look of each kind for a sheet's choices (a kind lacking one: its default). */
export function sheetStyleOf(
  choice: Pick<SheetRequest, 'theme' | 'size' | 'title'>,
): (type: QrType) => SheetStyle {
  return (type) => {
    const kind = designerKindByType[type];
    const pick = <T extends { id: string }>(items: readonly T[], id: string | undefined) =>
      items.find((item) => item.id === id) ?? items[0];
    return {
      theme: pick(themesByKind[kind], choice.theme),
      size: pick(sizesByKind[kind], choice.size ?? DEFAULT_SIZE_ID),
      title: pick(titlesByKind[kind], choice.title),
    };
  };
}

export function createQrBulkService(repository: QrBulkRepository, db: Db) {
  return {
    /**
     * Every row valid and within the plan's limit: all created; otherwise none. For an
     * organisation (its admins), the codes are its owner's, counted against their plan.
     */
    async createFromCsv(
      userId: string,
      type: QrType,
      csv: Buffer,
      organizationId?: string,
    ): Promise<BulkCreateResult> {
      const organization = organizationId
        ? await requireOrganizationRole(db, organizationId, userId, 'admin')
        : undefined;
      const details = parseBulkCsv(type, csv);
      const result = await repository.createManyWithinPlanLimit({
        ownerId: organization?.ownerId ?? userId,
        codes: details.map((item) => ({ id: newId(), type, details: item })),
        limitFor: qrCodeLimitFor,
        organization: organizationId ? { id: organizationId, actorId: userId } : undefined,
      });
      if (!result.ok) {
        throw new AppError('PLAN_QR_LIMIT', { params: { plan: result.plan, limit: result.limit } });
      }
      return {
        created: result.rows.length,
        qrCodes: result.rows.map((row) =>
          toQrCode({ ...row, scanCount: 0, role: organization?.role ?? 'owner' }),
        ),
      };
    },

    /** The codes in the order asked; any id the caller does not see (or missing) is a 404. */
    async sheetCards(ownerId: string, ids: readonly string[]): Promise<SheetCard[]> {
      const rows = await repository.findOwnedMany(ownerId, ids);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => {
        const row = byId.get(id);
        if (!row) throw new AppError('QR_NOT_FOUND');
        return { id: row.id, type: row.type, details: row.details };
      });
    },
  };
}
