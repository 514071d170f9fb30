import { House } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { buttonClassName } from '@/components/ui/button';

/** The admin pages' navigation: the other admin page, and "Volver al inicio". */
export const AdminNav = ({ to, icon, label }: { to: string; icon: ReactNode; label: string }) => (
  <nav aria-label="Administración" className="flex flex-wrap gap-2">
    <Link to={to} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
      {icon}
      {label}
    </Link>
    <Link to="/" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
      <House aria-hidden="true" className="size-4" />
      Volver al inicio
    </Link>
  </nav>
);
