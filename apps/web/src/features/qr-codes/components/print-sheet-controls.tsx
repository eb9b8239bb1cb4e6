import {
  designerKindByType,
  sizesByKind,
  themesByKind,
} from '@carecode/domain/qr-codes/card-designs';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { PrinterIcon } from '../../../components/ui/icons.tsx';
import { useErrorText } from '../../../lib/error-text.ts';
import { downloadSheet } from '../api/download-sheet.ts';

const selectClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

/**
 * Theme, size and 'Download PDF' for an A4 sheet of the chosen codes. Themes are the designer's
 * of the chosen kinds; a kind without the chosen theme prints in its own first one.
 */
export function PrintSheetControls({ ids, types }: { ids: string[]; types: QrType[] }) {
  // The designer's texts name the themes and sizes.
  const { t } = useTranslation(['qr-codes', 'designer', 'bulk']);
  const { errorText } = useErrorText();
  const id = useId();
  const kinds = [
    ...new Set(
      (types.length ? types : (Object.keys(designerKindByType) as QrType[])).map(
        (type) => designerKindByType[type],
      ),
    ),
  ];
  const themes = [
    ...new Map(
      kinds.flatMap((kind) => themesByKind[kind]).map((theme) => [theme.id, theme]),
    ).values(),
  ];
  const [themeId, setThemeId] = useState<string>('');
  const [sizeId, setSizeId] = useState<string>('medium');
  const [isBusy, setBusy] = useState(false);
  const theme = themes.some((item) => item.id === themeId) ? themeId : themes[0]?.id;

  const download = async () => {
    setBusy(true);
    try {
      await downloadSheet({ ids, theme, size: sizeId });
      toast.success(t('bulk:sheet.downloaded', { count: ids.length }));
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={`${id}-theme`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('bulk:sheet.theme')}
        </label>
        <select
          id={`${id}-theme`}
          className={selectClass}
          value={theme}
          onChange={(event) => setThemeId(event.target.value)}
        >
          {themes.map((item) => (
            <option key={item.id} value={item.id}>
              {t(`designer:themes.${item.id}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-size`} className="mb-1 block text-sm font-semibold text-slate-800">
          {t('bulk:sheet.size')}
        </label>
        <select
          id={`${id}-size`}
          className={selectClass}
          value={sizeId}
          onChange={(event) => setSizeId(event.target.value)}
        >
          {sizesByKind.child.map((item) => (
            <option key={item.id} value={item.id}>
              {t(`designer:sizes.${item.id}`)}
            </option>
          ))}
        </select>
      </div>
      <Button
        onClick={() => void download()}
        disabled={isBusy || ids.length === 0}
        aria-busy={isBusy}
      >
        <PrinterIcon />
        {isBusy ? t('bulk:sheet.preparing') : t('bulk:sheet.download', { count: ids.length })}
      </Button>
    </div>
  );
}
