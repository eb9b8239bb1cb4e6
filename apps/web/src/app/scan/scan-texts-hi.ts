import qrCodes from '../../locales/hi/qr-codes.json';
import scans from '../../locales/hi/scans.json';

/** The Hindi texts of the scan page's own namespaces: one small file, loaded for Hindi only. */
export const texts = { scans, 'qr-codes': qrCodes };
