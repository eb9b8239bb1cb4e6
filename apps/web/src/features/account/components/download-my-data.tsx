import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { saveBlob } from '../../../lib/save-file.ts';

/** Saves `content` as a file the browser downloads. */
const saveFile = (content: string, type: string, fileName: string) =>
  saveBlob(new Blob([content], { type }), fileName);

const downloads = {
  /** Everything, as one JSON file. */
  data: async (day: string) =>
    saveFile(
      JSON.stringify(await apiFetch<unknown>('/user/export'), null, 2),
      'application/json',
      `carecode-data-${day}.json`,
    ),
  /** The scan history, as a spreadsheet. */
  // Reading the answer as text drops its byte-order mark; written back, so spreadsheets read the
  // file as UTF-8 (Hindi names included).
  scans: async (day: string) =>
    saveFile(
      `\uFEFF${await apiFetch<string>('/user/export/scans.csv', { responseType: 'text' })}`,
      'text/csv;charset=utf-8',
      `carecode-scans-${day}.csv`,
    ),
};
type Download = keyof typeof downloads;

/**
 * My Account › 'Download my data': a copy of everything kept about the account (DPDP access),
 * and the scan history as CSV.
 */
export function DownloadMyData() {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const [state, setState] = useState<{ busy?: Download; error?: string; done?: boolean }>({});

  const download = async (kind: Download) => {
    setState({ busy: kind });
    try {
      await downloads[kind](new Date().toISOString().slice(0, 10));
      setState({ done: true });
    } catch (error) {
      setState({ error: errorText(error) });
    }
  };

  return (
    <div className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="space-y-1">
        <p className="text-sm text-slate-600">{t('account.yourDataHint')}</p>
        <p role="status" aria-live="polite" className="text-sm">
          {state.error ? (
            <span className="text-red-700">{state.error}</span>
          ) : state.done ? (
            <span className="text-green-700">{t('account.dataDownloaded')}</span>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-col gap-2 sm:items-end">
        <Button
          variant="secondary"
          onClick={() => void download('data')}
          disabled={Boolean(state.busy)}
          aria-busy={state.busy === 'data'}
        >
          {state.busy === 'data' ? t('account.preparingData') : t('account.downloadMyData')}
        </Button>
        <Button
          variant="ghost"
          onClick={() => void download('scans')}
          disabled={Boolean(state.busy)}
          aria-busy={state.busy === 'scans'}
        >
          {state.busy === 'scans' ? t('account.preparingData') : t('account.downloadScansCsv')}
        </Button>
      </div>
    </div>
  );
}
