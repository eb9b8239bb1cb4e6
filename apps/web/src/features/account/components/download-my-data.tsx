import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { apiFetch } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';

/** Saves `data` as a JSON file the browser downloads. */
function saveJson(data: unknown, fileName: string) {
  const url = URL.createObjectURL(
    new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** My Account › 'Download my data': a copy of everything kept about the account (DPDP access). */
export function DownloadMyData() {
  const { t } = useTranslation('billing');
  const { errorText } = useErrorText();
  const [state, setState] = useState<{ busy: boolean; error?: string; done?: boolean }>({
    busy: false,
  });

  const download = async () => {
    setState({ busy: true });
    try {
      const data = await apiFetch<unknown>('/user/export');
      saveJson(data, `carecode-data-${new Date().toISOString().slice(0, 10)}.json`);
      setState({ busy: false, done: true });
    } catch (error) {
      setState({ busy: false, error: errorText(error) });
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
      <Button
        variant="secondary"
        className="shrink-0"
        onClick={() => void download()}
        disabled={state.busy}
        aria-busy={state.busy}
      >
        {state.busy ? t('account.preparingData') : t('account.downloadMyData')}
      </Button>
    </div>
  );
}
