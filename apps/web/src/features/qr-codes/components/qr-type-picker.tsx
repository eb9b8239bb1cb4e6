import { qrTypes, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { useTranslation } from 'react-i18next';
import { QrTypeIcon } from './qr-type-icon.tsx';

/** The five kinds, each with an icon and a one-line description. */
export function QrTypePicker({ onPick }: { onPick: (type: QrType) => void }) {
  const { t } = useTranslation('qr-codes');
  return (
    <ul aria-label={t('picker.label')} className="grid gap-2 sm:grid-cols-2">
      {qrTypes.map((type) => (
        <li key={type}>
          <button
            type="button"
            onClick={() => onPick(type)}
            className="flex min-h-11 w-full items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-left hover:border-brand-600 hover:bg-brand-50"
          >
            <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
              <QrTypeIcon type={type} />
            </span>
            <span>
              <span className="block font-semibold text-slate-900">{t(`types.${type}.label`)}</span>
              <span className="block text-sm text-slate-600">{t(`types.${type}.description`)}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
