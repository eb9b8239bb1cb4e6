import type { DeviceInfo } from '@carecode/domain/scans/scan.schema';
import type { TFunction } from 'i18next';

/** QR ids are shown by their first 8 characters (spec §9). */
export const shortQrId = (qrId: string) => qrId.slice(0, 8);

/** Google Maps at the shared point (spec: map links use latitude,longitude). */
export const mapLink = (latitude: number, longitude: number) =>
  `https://www.google.com/maps?q=${latitude},${longitude}`;

const knownDeviceTypes = ['mobile', 'tablet', 'desktop', 'smarttv', 'wearable', 'console'];

/** 'Chrome on Android · Mobile', or 'Unknown device'. */
export function deviceLabel(device: DeviceInfo | null | undefined, t: TFunction<'scans'>): string {
  const browser = device?.browser?.trim();
  const os = device?.os?.trim();
  const type = device?.deviceType?.trim();
  const main =
    browser && os ? t('device.browserOnOs', { browser, os }) : browser || os || t('device.unknown');
  if (!type) return main;
  const typeLabel = knownDeviceTypes.includes(type) ? t(`device.types.${type}`) : type;
  return `${main} · ${typeLabel}`;
}

/** Date and time in the reader's language, in their own time zone. */
export function formatScanTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/** A message's time in India (`7:26 pm`; with `withDay`, `23 Nov, 7:26 pm`), whatever the browser's zone. */
export const indiaMessageTime = (iso: string, language: string, withDay = false) =>
  new Intl.DateTimeFormat(language === 'hi' ? 'hi-IN' : 'en-IN', {
    timeZone: 'Asia/Kolkata',
    ...(withDay ? { day: 'numeric', month: 'short' } : {}),
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));
