import { AdminPanel } from '@/features/admin/admin-panel';
import { useAuthStatus } from '@/features/auth/api/get-auth-status';

import { RequireAdmin } from './require-admin';

/** /admin, its own chunk: nothing of it loads for shoppers. */
export const AdminRoute = () => {
  const { data } = useAuthStatus();
  return (
    <RequireAdmin>
      <AdminPanel currentUserEmail={data?.user?.email ?? ''} />
    </RequireAdmin>
  );
};
