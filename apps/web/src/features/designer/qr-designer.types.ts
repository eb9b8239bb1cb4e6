import type { OrganizationBranding } from '@carecode/domain/organizations/branding';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';

export interface QrDesignerProps {
  qrId: string;
  type: QrType;
  /** The QR's details: the designer prints the name, description or number plate from them. */
  details?: unknown;
  /** An organisation's code: its logo, name and colour head the card. */
  branding?: OrganizationBranding | null;
}
