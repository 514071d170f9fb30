import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';
import { HomeLink } from '@/components/ui/back-link';

/** The admin pages' navigation: the other admin page, and "Volver al inicio". */
export const AdminNav = ({ to, icon, label }: { to: string; icon: ReactNode; label: string }) => (
  <nav aria-label="Administración" className="flex flex-wrap gap-2">
    <Link to={to} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
      {icon}
      {label}
    </Link>
    <HomeLink variant="ghost" size="sm" iconClassName="size-4" />
  </nav>
);
