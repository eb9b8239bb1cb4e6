import type { OrganizationRole } from '@carecode/domain/organizations/organization.schema';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const tones: Record<OrganizationRole, BadgeTone> = {
  owner: 'blue',
  admin: 'green',
  member: 'slate',
};

/** Owner, Admin or Member, as a small label. */
export function RoleBadge({ role }: { role: OrganizationRole }) {
  const { t } = useTranslation('organizations');
  return <Badge tone={tones[role]}>{t(`roles.${role}`)}</Badge>;
}
