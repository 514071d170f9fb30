import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { AccessGate, ACCESS_CHECK_LABEL } from '@/features/auth/components/access-gate';

// The login form (and its validation) loads only for visitors who need it.
const LoginScreen = lazy(() =>
  import('@/features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })),
);

/**
 * Spec §2: signed-out visitors see the login screen at the address they asked for; once they sign in,
 * the page they asked for shows itself.
 */
export const GatedLayout = () => (
  <AccessGate
    fallback={
      <Suspense fallback={<Spinner label={ACCESS_CHECK_LABEL} />}>
        <LoginScreen onSignedIn="stay" />
      </Suspense>
    }
  >
    <Outlet />
  </AccessGate>
);
