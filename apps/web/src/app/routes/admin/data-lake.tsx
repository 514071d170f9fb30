import { DataLakeScreen } from '@/features/data-lake/components/data-lake-screen';

import { RequireAdmin } from './require-admin';

/** /admin/data-lake, its own chunk: nothing of it loads for shoppers. */
export const DataLakeRoute = () => (
  <RequireAdmin>
    <DataLakeScreen />
  </RequireAdmin>
);
