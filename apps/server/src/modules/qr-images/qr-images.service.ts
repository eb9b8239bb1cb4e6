import QRCode from 'qrcode';

/** Print-shop images: level H (survives smudges and stickers), black on white, quiet zone of 4. */
export const baseOptions = {
  errorCorrectionLevel: 'H',
  margin: 4,
  color: { dark: '#000000ff', light: '#ffffffff' },
} as const;

export const PNG_SIZE = { min: 128, max: 2048, default: 1024 } as const;

/** The URL every CareCode QR encodes (spec §7). */
export const scanUrl = (apiBaseUrl: string, qrId: string) => `${apiBaseUrl}/qr-codes/${qrId}/scan`;

export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { ...baseOptions, type: 'svg' });
}
