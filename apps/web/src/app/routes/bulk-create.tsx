import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadingView } from '../../components/ui/loading-view.tsx';
import { organizationsQueryOptions } from '../../features/organizations/api/get-organizations.ts';
import { BulkCreatePage } from '../../features/qr-codes/components/bulk-create-page.tsx';

/** /dashboard/bulk: create many codes from a CSV file (with `?org={id}`, for that organisation). */
export function Component() {
  const { t } = useTranslation('organizations');
  const [params] = useSearchParams();
  const organizationId = params.get('org') || null;
  const organizations = useQuery({
    ...organizationsQueryOptions(),
    enabled: organizationId !== null,
  });
  if (!organizationId) return <BulkCreatePage />;
  if (organizations.isPending) return <LoadingView />;
  const name =
    organizations.data?.find((item) => item.id === organizationId)?.name ?? organizationId;
  return (
    <BulkCreatePage organization={{ id: organizationId, note: t('summary.bulkFor', { name }) }} />
  );
}
