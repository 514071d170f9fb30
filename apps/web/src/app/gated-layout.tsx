import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { AccessGate, ACCESS_CHECK_LABEL } from '@/features/auth/components/access-gate';

// The login form (and its validation) loads only for visitors who need it.
const SignedOutScreen = lazy(() => import('./signed-out-screen').then((m) => ({ default: m.SignedOutScreen })));

// The comparison's bar (issue 16) is a chunk of its own, so none of its code weighs on the home page; members'
// pages fetch it beside their own. If it cannot be downloaded (offline), the page goes on without it.
const CompareTray = lazy(() =>
  import('@/features/compare/components/compare-tray').then(
    (m) => ({ default: m.CompareTray }),
    () => ({ default: () => null }),
  ),
);

/**
 * Spec §2: signed-out visitors see the login screen at the address they asked for; once they sign in,
 * the page they asked for shows itself (a shared product's address says above the login what was shared).
 */
export const GatedLayout = () => (
  <AccessGate
    fallback={
      <Suspense fallback={<Spinner label={ACCESS_CHECK_LABEL} />}>
        <SignedOutScreen />
      </Suspense>
    }
  >
    <Outlet />
    <Suspense fallback={null}>
      <CompareTray />
    </Suspense>
  </AccessGate>
);
