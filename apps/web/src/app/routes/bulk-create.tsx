import { BulkCreatePage } from '../../features/qr-codes/components/bulk-create-page.tsx';

/** /dashboard/bulk: create many codes from a CSV file. */
export function Component() {
  return <BulkCreatePage />;
}
