import { BULK_MAX_ROWS, bulkColumnsOf } from '@carecode/domain/qr-codes/bulk';
import { qrTypes, type QrCode, type QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { DownloadIcon, UploadIcon } from '../../../components/ui/icons.tsx';
import { DataTable } from '../../../components/ui/table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useErrorText } from '../../../lib/error-text.ts';
import { downloadBulkTemplate, useBulkCreateQrCodes } from '../api/bulk-create.ts';
import { isPlanLimitError, showPlanLimitToast } from '../lib/api-error-toast.ts';
import { PrintSheetControls } from './print-sheet-controls.tsx';

const selectClass =
  'min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900';

/** One line of the errors table: where, which column, what is wrong. */
interface ErrorLine {
  line?: number;
  field: string;
  message: string;
}

/** The problems of a refused upload as table lines (bad rows, or the header's columns). */
function errorLinesOf(error: unknown): ErrorLine[] {
  if (!(error instanceof ApiError)) return [];
  if (error.rows) {
    return error.rows.flatMap((row) =>
      Object.entries(row.fields).map(([field, message]) => ({ line: row.line, field, message })),
    );
  }
  if (error.code === 'BULK_COLUMNS' && error.fields) {
    return Object.entries(error.fields).map(([field, message]) => ({ line: 1, field, message }));
  }
  return [];
}

/**
 * 'Bulk create': choose a kind, download its CSV template, upload the filled file. Every row is
 * checked by the form's rules; a refused file lists each problem by line, column and message,
 * and nothing is created. On success the new codes can be printed on an A4 sheet at once.
 */
export function BulkCreatePage({
  organization,
}: {
  /** The organisation the codes are created for (its admins); personal codes when absent. */
  organization?: { id: string; note: string };
} = {}) {
  const { t } = useTranslation(['qr-codes', 'bulk']);
  const { errorText, fieldText } = useErrorText();
  const navigate = useNavigate();
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [type, setType] = useState<QrType>('CHILD');
  const [file, setFile] = useState<File | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [created, setCreated] = useState<QrCode[] | null>(null);
  const upload = useBulkCreateQrCodes();
  const errorLines = errorLinesOf(upload.error);

  const chooseType = (next: QrType) => {
    setType(next);
    setCreated(null);
    upload.reset();
  };

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadBulkTemplate(type);
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setTemplateBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setCreated(null);
    upload.mutate(
      { type, file, organizationId: organization?.id },
      {
        onSuccess: (result) => {
          setCreated(result.qrCodes);
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          toast.success(t('bulk:bulk.createdToast', { count: result.created }));
        },
        onError: (error) => {
          if (isPlanLimitError(error)) {
            showPlanLimitToast(t, errorText(error), () => navigate('/pricing'));
          }
        },
      },
    );
  };

  const dashboard = organization
    ? `/dashboard?org=${encodeURIComponent(organization.id)}`
    : '/dashboard';

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-6">
      <title>{`${t('bulk:bulk.title')} · CareCode`}</title>
      <div className="space-y-2">
        <Link to={dashboard} className="text-sm font-semibold text-brand-700 hover:underline">
          {t('bulk:bulk.back')}
        </Link>
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('bulk:bulk.title')}</h1>
        <p className="text-slate-600">{t('bulk:bulk.intro', { max: BULK_MAX_ROWS })}</p>
        {organization && (
          <p role="note" className="font-semibold text-slate-800">
            {organization.note}
          </p>
        )}
      </div>

      <section
        aria-labelledby={`${id}-step1`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id={`${id}-step1`} className="text-lg font-bold text-slate-900">
          {t('bulk:bulk.step1')}
        </h2>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
          <div>
            <label
              htmlFor={`${id}-type`}
              className="mb-1 block text-sm font-semibold text-slate-800"
            >
              {t('bulk:bulk.kind')}
            </label>
            <select
              id={`${id}-type`}
              className={selectClass}
              value={type}
              onChange={(event) => chooseType(event.target.value as QrType)}
            >
              {qrTypes.map((item) => (
                <option key={item} value={item}>
                  {t(`types.${item}.label`)}
                </option>
              ))}
            </select>
          </div>
          <Button
            variant="secondary"
            onClick={() => void getTemplate()}
            disabled={templateBusy}
            aria-busy={templateBusy}
          >
            <DownloadIcon />
            {t('bulk:bulk.downloadTemplate')}
          </Button>
        </div>
        <details className="text-sm text-slate-700">
          <summary className="cursor-pointer font-semibold text-slate-800">
            {t('bulk:bulk.howTo')}
          </summary>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            <li>{t('bulk:bulk.ruleColumns')}</li>
            <li>{t('bulk:bulk.rulePhone')}</li>
            <li>{t('bulk:bulk.ruleBloodGroup')}</li>
            <li>{t('bulk:bulk.ruleEncoding')}</li>
          </ul>
          <p className="mt-2 break-words font-mono text-xs text-slate-600">
            {bulkColumnsOf(type).join(', ')}
          </p>
        </details>
      </section>

      <form
        onSubmit={submit}
        aria-labelledby={`${id}-step2`}
        className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
      >
        <h2 id={`${id}-step2`} className="text-lg font-bold text-slate-900">
          {t('bulk:bulk.step2')}
        </h2>
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-semibold text-slate-800">
            {t('bulk:bulk.file')}
          </label>
          <input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              upload.reset();
            }}
            className="block w-full rounded-lg border border-slate-300 bg-white text-sm text-slate-800 file:mr-3 file:min-h-11 file:border-0 file:bg-slate-100 file:px-4 file:font-semibold file:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600"
          />
        </div>
        <Button type="submit" disabled={!file || upload.isPending} aria-busy={upload.isPending}>
          <UploadIcon />
          {upload.isPending ? t('bulk:bulk.creating') : t('bulk:bulk.create')}
        </Button>
      </form>

      {upload.error && (
        <div className="space-y-3">
          <Alert title={t('bulk:bulk.refusedTitle')}>{errorText(upload.error)}</Alert>
          {errorLines.length > 0 && (
            <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white">
              <DataTable caption={t('bulk:bulk.errorsCaption')}>
                <thead className="bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      {t('bulk:bulk.line')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('bulk:bulk.column')}
                    </th>
                    <th scope="col" className="px-3 py-2">
                      {t('bulk:bulk.message')}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {errorLines.map((item, index) => (
                    <tr
                      key={`${item.line}-${item.field}-${index}`}
                      className="border-t border-slate-100"
                    >
                      <td className="px-3 py-2 tabular-nums">{item.line}</td>
                      <td className="px-3 py-2 font-mono text-xs">{item.field}</td>
                      <td className="px-3 py-2">{fieldText(item.message)}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </div>
          )}
        </div>
      )}

      {created && (
        <section
          aria-labelledby={`${id}-done`}
          className="space-y-3 rounded-2xl border border-green-200 bg-green-50 p-4 sm:p-5"
        >
          <h2 id={`${id}-done`} className="text-lg font-bold text-green-900">
            {t('bulk:bulk.doneTitle', { count: created.length })}
          </h2>
          <p className="text-sm text-green-900">{t('bulk:bulk.doneText')}</p>
          <PrintSheetControls ids={created.map((qr) => qr.id)} types={[type]} />
          <Link to={dashboard} className={buttonClass('secondary')}>
            {t('bulk:bulk.toDashboard')}
          </Link>
        </section>
      )}
    </div>
  );
}
