import { Outlet, ScrollRestoration, useNavigation } from 'react-router';

import { CommunityBeliefs } from '@/components/layouts/community-beliefs';
import { OfflineBanner } from '@/components/layouts/offline-banner';
import { UpdatePrompt } from '@/components/layouts/update-prompt';
import { SiteFooter } from '@/components/layouts/site-footer';
import { SiteHeader } from '@/components/layouts/site-header';
import { LegalLinks } from '@/features/legal/components/legal-links';
import { PendingScansNotice } from '@/features/scanner/components/pending-scans-notice';

/**
 * The frame every screen shares: header, community beliefs, the screen, footer; and what the offline app has to
 * say (no network, codes scanned offline, a new version), so no screen can lose it.
 */
export const RootLayout = () => {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#contenido"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-900 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Saltar al contenido
      </a>
      {navigation.state !== 'idle' ? (
        <div
          aria-hidden="true"
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-brand-600"
          data-testid="navigation-progress"
        />
      ) : null}
      <SiteHeader />
      <OfflineBanner />
      <CommunityBeliefs />
      <PendingScansNotice />
      {/* At least a screen tall: the footer starts below the fold, so content arriving later never shifts it into view (CLS). */}
      <main id="contenido" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter legalLinks={<LegalLinks />} />
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
};
