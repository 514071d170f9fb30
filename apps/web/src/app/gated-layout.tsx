import { lazy, Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { AccessGate, ACCESS_CHECK_LABEL } from '@/features/auth/components/access-gate';
import { useComparePicks } from '@/lib/compare-selection';

// The login form (and its validation) loads only for visitors who need it.
const LoginScreen = lazy(() =>
  import('@/features/auth/components/login-screen').then((m) => ({ default: m.LoginScreen })),
);

// The comparison's bar loads only once something is picked; if its code cannot be downloaded (offline), the
// page goes on without it rather than failing.
const CompareTray = lazy(() =>
  import('@/components/food/compare-tray').then(
    (m) => ({ default: m.CompareTray }),
    () => ({ default: () => null }),
  ),
);

/** The comparison's bar on every members' page while products are picked, except the comparison itself. */
const CompareTraySlot = () => {
  const picks = useComparePicks();
  const { pathname } = useLocation();
  if (picks.length === 0 || pathname === '/comparar') return null;
  return (
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  );
};

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
    <CompareTraySlot />
  </AccessGate>
);
