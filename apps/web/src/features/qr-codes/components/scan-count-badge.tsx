import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { scanBadgeTone } from '../lib/status.ts';

/** 'N scan(s) exhausted' for this month: red at 10 or more, yellow at 8–9, blue below 8. */
export function ScanCountBadge({ scanCount }: { scanCount: number }) {
  const { t } = useTranslation('qr-codes');
  return (
    <Badge tone={scanBadgeTone(scanCount)} title={t('detail.scansThisMonth')}>
      {t('detail.scansExhausted', { count: scanCount })}
    </Badge>
  );
}
