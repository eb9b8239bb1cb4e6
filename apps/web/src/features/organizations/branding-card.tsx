import type { Organization } from '@carecode/domain/organizations/organization.schema';

export interface BrandingCardProps {
  organization: Organization;
  onChange: () => void;
}

/** The organisation's logo and brand colour (admins). A placeholder until branding lands. */
export function BrandingCard(_props: BrandingCardProps) {
  return null;
}
