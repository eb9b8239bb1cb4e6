import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge.tsx';
import { detailStatusTone, tileStatusTone } from '../lib/status.ts';

/** The QR status in its colour: `detail` views and `tile`s colour differently (spec §4). */
export function StatusBadge({ status, variant }: { status: string; variant: 'detail' | 'tile' }) {
  const { t } = useTranslation('qr-codes');
  const tone = variant === 'detail' ? detailStatusTone(status) : tileStatusTone(status);
  const label = t(`status.${status.toUpperCase()}`, { defaultValue: status });
  return (
    <Badge tone={tone} aria-label={t('status.statusLabel', { status: label })}>
      {label}
    </Badge>
  );
}
