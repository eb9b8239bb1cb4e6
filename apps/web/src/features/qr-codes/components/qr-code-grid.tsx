import type { QrCode } from '@carecode/domain/qr-codes/qr-code.schema';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/dialog.tsx';
import { PrinterIcon } from '../../../components/ui/icons.tsx';
import { ErrorView, LoadingView } from '../../../components/ui/loading-view.tsx';
import { qrCodesQueryOptions } from '../api/get-qr-codes.ts';
import { useSetQrVisibility } from '../api/set-qr-visibility.ts';
import { PrintSheetControls } from './print-sheet-controls.tsx';
import { QrTile } from './qr-tile.tsx';
import { useErrorText } from '../../../lib/error-text.ts';

interface PendingToggle {
  qr: QrCode;
  makePublic: boolean;
}

/**
 * The owner's QR tiles (or, with `organizationId`, that organisation's). A visibility switch
 * asks first: Confirm sends the call, Cancel clears the pending toggle and changes nothing
 * (spec §4 QR visibility). Codes the user may only read show no switch.
 */
export function QrCodeGrid({
  organizationId,
  canCreate = true,
}: {
  organizationId?: string;
  /** False for a member of the organisation: the empty list does not point at 'Create'. */
  canCreate?: boolean;
} = {}) {
  const { t } = useTranslation(['qr-codes', 'bulk']);
  const { errorText } = useErrorText();
  const { data, error, isPending } = useQuery(qrCodesQueryOptions(organizationId));
  const [pending, setPending] = useState<PendingToggle | null>(null);
  // 'Print sheet' mode: the codes ticked for an A4 sheet (null: not selecting).
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const toggle = useSetQrVisibility();

  if (isPending) return <LoadingView />;
  if (error) return <ErrorView message={errorText(error)} />;

  const confirm = () => {
    if (!pending) return;
    const { qr, makePublic } = pending;
    setPending(null);
    toggle.mutate(
      { id: qr.id, makePublic },
      {
        onSuccess: (updated) =>
          toast.success(updated.public ? t('visibility.nowPublic') : t('visibility.nowPrivate')),
        onError: (failure) => toast.error(errorText(failure)),
      },
    );
  };

  const select = (id: string, isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  const chosen = selected ? data.filter((qr) => selected.has(qr.id)) : [];

  return (
    <section aria-labelledby="qr-grid-heading" className="space-y-4">
      <h2 id="qr-grid-heading" className="sr-only">
        {t('dashboard.yourQrCodes')}
      </h2>
      {data.length > 0 && selected === null && (
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => setSelected(new Set())}>
            <PrinterIcon />
            {t('bulk:sheet.start')}
          </Button>
        </div>
      )}
      {selected !== null && (
        <div
          role="region"
          aria-label={t('bulk:sheet.regionLabel')}
          className="space-y-3 rounded-2xl border border-brand-100 bg-brand-50 p-4"
        >
          <div className="flex flex-wrap items-center gap-2">
            <p className="mr-auto font-semibold text-slate-900" aria-live="polite">
              {t('bulk:sheet.selectedCount', { count: selected.size })}
            </p>
            <Button variant="ghost" onClick={() => setSelected(new Set(data.map((qr) => qr.id)))}>
              {t('bulk:sheet.selectAll')}
            </Button>
            <Button
              variant="ghost"
              onClick={() => setSelected(new Set())}
              disabled={selected.size === 0}
            >
              {t('bulk:sheet.clear')}
            </Button>
            <Button variant="secondary" onClick={() => setSelected(null)}>
              {t('common:actions.cancel')}
            </Button>
          </div>
          {selected.size === 0 ? (
            <p className="text-sm text-slate-700">{t('bulk:sheet.hint')}</p>
          ) : (
            <PrintSheetControls
              ids={chosen.map((qr) => qr.id)}
              types={[...new Set(chosen.map((qr) => qr.type))]}
            />
          )}
        </div>
      )}
      {data.length === 0 ? (
        <div className="rounded-2xl border-2 border-dashed border-slate-300 bg-white px-4 py-10 text-center">
          <p className="text-lg font-semibold text-slate-800">{t('dashboard.emptyTitle')}</p>
          {canCreate && <p className="mt-1 text-slate-600">{t('dashboard.emptyHint')}</p>}
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.map((qr) => (
            <li key={qr.id}>
              <QrTile
                qr={qr}
                isBusy={toggle.isPending && toggle.variables?.id === qr.id}
                onToggleVisibility={(target, makePublic) => setPending({ qr: target, makePublic })}
                selection={
                  selected
                    ? {
                        isSelected: selected.has(qr.id),
                        onChange: (isSelected) => select(qr.id, isSelected),
                      }
                    : undefined
                }
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.makePublic ? t('visibility.makePublicTitle') : t('visibility.makePrivateTitle')
        }
        description={
          pending?.makePublic ? t('visibility.makePublicText') : t('visibility.makePrivateText')
        }
        confirmLabel={t('common:actions.confirm')}
        cancelLabel={t('common:actions.cancel')}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
