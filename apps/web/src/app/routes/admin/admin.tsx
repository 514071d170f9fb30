import { AdminPanel } from '@/features/admin/components/admin-panel';

import { RequireAdmin } from './require-admin';

/** /admin, its own chunk: nothing of it loads for shoppers. */
export const AdminRoute = () => (
  <RequireAdmin>
    <AdminPanel />
  </RequireAdmin>
);
