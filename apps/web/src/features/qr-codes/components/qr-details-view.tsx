import { bloodGroupLabels } from '@carecode/domain/qr-codes/blood-group-labels';
import type { QrType } from '@carecode/domain/qr-codes/qr-code.schema';
import { qrFieldSections, type QrFieldSection } from '@carecode/domain/qr-codes/qr-fields';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailRow } from '../../../components/ui/detail-row.tsx';

// Kept light on purpose: the scan page imports this file, so no form or QR libraries here.

type Record_ = Record<string, unknown>;
type ContactLinks = 'tel' | 'tel+whatsapp';

export interface QrDetailsViewProps {
  type: QrType;
  details: unknown;
  /** Edit buttons show by default; preview and scan pages hide them (spec §6). */
  showEdit?: boolean;
  onEdit?: () => void;
  /** Phone numbers are always tap-to-call; add WhatsApp links with 'tel+whatsapp'. */
  contactLinks?: ContactLinks;
  /**
   * Where a contact comes without its number (the owner hides it), what stands in its place:
   * the scan page's call through the bridge. Given the contact's field name and its heading.
   */
  hiddenNumber?: (contact: { group: string; role: string }) => ReactNode;
}

const asRecord = (value: unknown): Record_ | undefined =>
  typeof value === 'object' && value !== null ? (value as Record_) : undefined;
const asText = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

const sectionsOf = (type: QrType) => (qrFieldSections[type] ?? []) as readonly QrFieldSection[];
const leafOf = (path: string) => path.split('.').at(-1)!;

function PhoneLinks({ name, phone, links }: { name: string; phone: string; links: ContactLinks }) {
  const { t } = useTranslation('qr-codes');
  const digits = phone.replace(/\D/g, '');
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <a
        href={`tel:${digits || phone}`}
        aria-label={t('details.call', { name: name || phone, phone })}
        className="inline-flex min-h-11 items-center font-semibold text-blue-700 underline underline-offset-2"
      >
        {phone}
      </a>
      {links === 'tel+whatsapp' && digits.length === 10 && (
        <a
          href={`https://wa.me/91${digits}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('details.whatsappLabel', { name: name || phone })}
          className="inline-flex min-h-11 items-center text-sm font-semibold text-green-700 underline underline-offset-2"
        >
          {t('details.whatsapp')}
        </a>
      )}
    </span>
  );
}

/** The read-only details of one QR, by kind; every phone number is a tel: link. */
export function QrDetailsView({
  type,
  details,
  showEdit = true,
  onEdit,
  contactLinks = 'tel',
  hiddenNumber,
}: QrDetailsViewProps) {
  const { t } = useTranslation('qr-codes');
  const data = asRecord(details);
  const kind = t(`types.${type}.label`);
  const titleId = `qr-details-title-${type}`;

  const sections = sectionsOf(type);
  const main = sections
    .filter((section) => section.role === 'main')
    .flatMap((section) => section.fields)
    .map((field) => ({ key: field.path, label: field.label, value: asText(data?.[field.path]) }))
    .filter((field) => field.value);
  const contacts = sections
    .filter((section) => section.role === 'contact' && section.group)
    .map((section) => {
      const contact = asRecord(data?.[section.group!]);
      const [nameField, phoneField] = section.fields;
      return {
        key: section.group!,
        legend: section.legend!,
        name: nameField.label,
        phone: phoneField.label,
        nameValue: asText(contact?.[leafOf(nameField.path)]),
        phoneValue: asText(contact?.[leafOf(phoneField.path)]),
      };
    })
    .filter((group) => group.nameValue || group.phoneValue);
  const medical = asRecord(data?.medicalDetails);
  const bloodGroupText = (bloodGroup: string) =>
    bloodGroup === 'DONT_KNOW'
      ? t('form.bloodGroupDontKnow')
      : (bloodGroupLabels[bloodGroup as keyof typeof bloodGroupLabels] ?? bloodGroup);
  const medicalRows = sections
    .filter((section) => section.role === 'medical')
    .flatMap((section) => section.fields)
    .map((field) => {
      const value = asText(medical?.[leafOf(field.path)]);
      return {
        label: field.label,
        value: field.kind === 'bloodGroup' && value ? bloodGroupText(value) : value,
      };
    })
    .filter((row) => row.value);
  const isEmpty = !main.length && !contacts.length && !medicalRows.length;

  return (
    <section
      aria-labelledby={titleId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('details.title', { kind })}
        </h2>
        {showEdit && onEdit && (
          <button
            type="button"
            onClick={onEdit}
            aria-label={t('details.edit')}
            title={t('details.edit')}
            className="-m-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M4 20h4L19 9l-4-4L4 16v4zM14 6l4 4" />
            </svg>
          </button>
        )}
      </div>
      {isEmpty ? (
        <p className="mt-3 text-slate-600">{t('details.noDetails')}</p>
      ) : (
        <div className="mt-2 divide-y divide-slate-100">
          {main.length > 0 && (
            <dl className="divide-y divide-slate-100">
              {main.map((field) => (
                <DetailRow key={field.key} label={t(`fields.${field.label}`)}>
                  {field.value}
                </DetailRow>
              ))}
            </dl>
          )}
          {contacts.map((group) => (
            <div key={group.key} className="pt-3">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {t(`groups.${group.legend}`)}
              </h3>
              <dl className="divide-y divide-slate-100">
                {group.nameValue && (
                  <DetailRow label={t(`fields.${group.name}`)}>{group.nameValue}</DetailRow>
                )}
                {group.phoneValue ? (
                  <DetailRow label={t(`fields.${group.phone}`)}>
                    <PhoneLinks
                      name={group.nameValue}
                      phone={group.phoneValue}
                      links={contactLinks}
                    />
                  </DetailRow>
                ) : (
                  hiddenNumber && (
                    <div className="py-2">
                      {hiddenNumber({ group: group.key, role: t(`groups.${group.legend}`) })}
                    </div>
                  )
                )}
              </dl>
            </div>
          ))}
          {medicalRows.length > 0 && (
            <div className="pt-3">
              <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {t('groups.medicalDetails')}
              </h3>
              <dl className="divide-y divide-slate-100">
                {medicalRows.map((row) => (
                  <DetailRow key={row.label} label={t(`fields.${row.label}`)}>
                    {row.value}
                  </DetailRow>
                ))}
              </dl>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
