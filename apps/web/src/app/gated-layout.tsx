import { Outlet } from 'react-router';

import { AccessGate } from '@/features/auth/components/access-gate';
import { LoginScreen } from '@/features/auth/components/login-screen';

/** Spec §2: signed-out visitors see the login screen at the address they asked for. */
export const GatedLayout = () => (
  <AccessGate fallback={<LoginScreen />}>
    <Outlet />
  </AccessGate>
);
