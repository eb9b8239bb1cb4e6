import { qrDisplayName, type QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '../../../components/ui/badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { isReadOnlyQr } from '../../../lib/qr-access.ts';
import { QrTypeIcon } from './qr-type-icon.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * One QR on the dashboard: kind, main name, status colour, 'Lost' while reported lost; the card
 * opens /qr-data/{id}. A code the user may only read shows its visibility without the switch.
 */
export function QrTile({
  qr,
  onToggleVisibility,
  isBusy = false,
  selection,
}: {
  qr: QrCode;
  onToggleVisibility: (qr: QrCode, makePublic: boolean) => void;
  isBusy?: boolean;
  /** In select mode (printing a sheet): a checkbox above the card's link. */
  selection?: { isSelected: boolean; onChange: (isSelected: boolean) => void };
}) {
  const { t } = useTranslation(['qr-codes', 'bulk']);
  const name = qrDisplayName(qr.type, qr.details);
  const kind = t(`types.${qr.type}.label`);
  return (
    <article className="relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-blue-600 hover:border-slate-300 hover:shadow">
      <div className="flex items-start gap-3">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <QrTypeIcon type={qr.type} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{kind}</p>
          <h3 className="truncate text-base font-bold text-slate-900">
            {/* The link covers the whole card (after:inset-0); the switch sits above it. */}
            <Link
              to={`/qr-data/${qr.id}`}
              className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none"
            >
              {name || kind}
            </Link>
          </h3>
        </div>
        {selection && (
          <label className="relative z-10 -m-2 flex min-h-11 min-w-11 cursor-pointer items-center justify-center">
            <input
              type="checkbox"
              checked={selection.isSelected}
              onChange={(event) => selection.onChange(event.target.checked)}
              className="size-5 accent-brand-700"
              aria-label={t('bulk:sheet.selectCode', { name: name || kind })}
            />
          </label>
        )}
        <div className="flex shrink-0 flex-col items-end gap-1">
          <StatusBadge status={qr.status} variant="tile" />
          {qr.lost && <Badge tone="red">{t('lost.badge')}</Badge>}
          {qr.beyondPlanLimit && <Badge tone="amber">{t('planLimit.badge')}</Badge>}
        </div>
      </div>
      <div className="relative z-10 mt-auto flex items-center justify-between border-t border-slate-100 pt-2">
        {isReadOnlyQr(qr) ? (
          // A member of the code's organisation reads it; only its admins change it.
          <Badge tone="slate">{qr.public ? t('visibility.public') : t('visibility.private')}</Badge>
        ) : (
          <Switch
            checked={qr.public}
            disabled={isBusy}
            onCheckedChange={(makePublic) => onToggleVisibility(qr, makePublic)}
            aria-label={t('visibility.toggleLabel', { name: name || kind })}
            label={qr.public ? t('visibility.public') : t('visibility.private')}
          />
        )}
      </div>
    </article>
  );
}
