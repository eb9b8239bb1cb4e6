import { useParams } from 'react-router';
import { OrganizationPage } from '../../features/organizations/components/organization-page.tsx';

/** /organizations/{id}: one organisation's team, invitations, branding and activity. */
export function Component() {
  const { id = '' } = useParams();
  return <OrganizationPage key={id} organizationId={id} />;
}
