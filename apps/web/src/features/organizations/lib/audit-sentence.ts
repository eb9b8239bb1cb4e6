import type { AuditEntry } from '@carecode/domain/organizations/organization.schema';
import { useTranslation } from 'react-i18next';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : undefined;

/**
 * An audit entry as a sentence in the page's language: 'asha@school.in invited
 * teacher@school.in as member'. The actor is named by e-mail (an erased account as such); a code
 * by its short id.
 */
export function useAuditSentence() {
  const { t } = useTranslation('organizations');
  const roleWord = (value: unknown) => {
    const role = text(value)?.toLowerCase();
    return role === 'owner' || role === 'admin' || role === 'member'
      ? t(`roleWords.${role}`)
      : (role ?? '');
  };
  return (entry: AuditEntry): string => {
    const { data } = entry;
    const actor = entry.actor?.email ?? t('audit.unknownActor');
    const target = entry.target ?? '';
    // A code by its id, shortened as the scan history shows it.
    const qr = entry.target?.slice(0, 8) ?? '';
    // member.role_changed keeps { from, to }; invitations and joins keep { role }.
    const values = { actor, target, qr, role: roleWord(data.to ?? data.role) };
    switch (entry.action) {
      case 'organization.updated':
        return text(data.name)
          ? t('audit.actions.organization.renamed', { actor, name: text(data.name) })
          : t('audit.actions.organization.updated', { actor });
      case 'qr.bulk_created': {
        const count = typeof data.count === 'number' ? data.count : Number(data.count ?? 0);
        return t('audit.actions.qr.bulk_created', { actor, count });
      }
      default:
        return t(`audit.actions.${entry.action}`, values);
    }
  };
}
