import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';

const paths: Record<QrType, string> = {
  // a child's face
  CHILD: 'M12 3a4 4 0 1 1 0 8 4 4 0 0 1 0-8zm-7 17c0-3.3 3.1-6 7-6s7 2.7 7 6M10 7h.01M14 7h.01',
  // a heart with a pulse line
  PERSON:
    'M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10zM7 11h3l1-2 2 4 1-2h3',
  // a car
  VEHICLE:
    'M4 16v-4l2-5h12l2 5v4M4 16h16M4 16v2h3v-2M17 16v2h3v-2M7 13h.01M17 13h.01M6.5 7 8 11h8l1.5-4',
  // a suitcase
  LUGGAGE: 'M5 8h14v11H5zM9 8V5h6v3M9 12v4M15 12v4',
  // a phone
  LOCKSCREEN: 'M8 3h8a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
};

/** A line icon for each kind of QR (decorative: the kind is always written next to it). */
export function QrTypeIcon({ type, className = 'h-6 w-6' }: { type: QrType; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <path d={paths[type]} />
    </svg>
  );
}
