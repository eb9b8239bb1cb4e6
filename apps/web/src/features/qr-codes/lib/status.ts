import type { BadgeTone } from '../../../components/ui/badge.tsx';

/** Spec §4, detail views: ASSIGNED is green, every other status red. */
export function detailStatusTone(status: string): BadgeTone {
  return status.toUpperCase() === 'ASSIGNED' ? 'green' : 'red';
}

/** Spec §4, tiles: active or assigned green, expired or disabled red, anything else amber. */
export function tileStatusTone(status: string): BadgeTone {
  const value = status.toUpperCase();
  if (value === 'ACTIVE' || value === 'ASSIGNED') return 'green';
  if (value === 'EXPIRED' || value === 'DISABLED') return 'red';
  return 'amber';
}

/** Spec §9 scan-history badge: 10 or more red, 8 to 9 yellow, below 8 blue. */
export function scanBadgeTone(scanCount: number): BadgeTone {
  if (scanCount >= 10) return 'red';
  if (scanCount >= 8) return 'yellow';
  return 'blue';
}
