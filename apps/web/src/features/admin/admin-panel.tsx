import { Database } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useSearchParams } from 'react-router';

import { AdminNav } from '@/components/layouts/admin-nav';

import { AdditivesTab } from './additives/additives-tab';
import { ContributionsTab } from './contributions/contributions-tab';
import { MessagesTab } from './messages/messages-tab';
import { ProductsTab } from './products/products-tab';
import { UsersTab } from './users/users-tab';

export const ADMIN_TITLE = 'Panel de Administración';

const TABS = [
  { value: 'aditivos', label: 'Aditivos' },
  { value: 'productos', label: 'Productos' },
  { value: 'contribuciones', label: 'Contribuciones' },
  { value: 'usuarios', label: 'Usuarios' },
  { value: 'mensajes', label: 'Mensajes' },
] as const;
type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

/**
 * Spec §2 admin panel: the title, links to the data-lake page and home, and the tabs. The open tab
 * lives in the address (?tab=productos) so a reload or a shared link lands on it.
 */
type AdminPanelProps = {
  /** The signed-in admin, whose own role and access the Usuarios tab does not offer to remove. */
  currentUserEmail: string;
};

export const AdminPanel = ({ currentUserEmail }: AdminPanelProps) => {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'aditivos';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 md:py-10">
      <title>{`${ADMIN_TITLE} · Etiqueta Clara`}</title>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 md:text-3xl">{ADMIN_TITLE}</h1>
        <AdminNav to="/admin/data-lake" icon={<Database aria-hidden="true" className="size-4" />} label="Data Lake" />
      </div>

      <Tabs.Root
        value={tab}
        onValueChange={(value) => setParams(value === 'aditivos' ? {} : { tab: value }, { replace: true })}
        className="mt-6"
      >
        {/* On a phone the five tabs wrap onto a second row rather than run into each other. */}
        <Tabs.List
          aria-label="Secciones de administración"
          className="flex flex-wrap gap-x-1 border-b border-stone-200"
        >
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px min-h-11 border-b-2 border-transparent px-3 text-sm font-semibold whitespace-nowrap text-stone-600 sm:px-4 sm:text-base hover:text-stone-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900"
            >
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="aditivos" className="pt-6 focus-visible:outline-none">
          <AdditivesTab />
        </Tabs.Content>
        <Tabs.Content value="productos" className="pt-6 focus-visible:outline-none">
          <ProductsTab />
        </Tabs.Content>
        <Tabs.Content value="contribuciones" className="pt-6 focus-visible:outline-none">
          <ContributionsTab />
        </Tabs.Content>
        <Tabs.Content value="usuarios" className="pt-6 focus-visible:outline-none">
          <UsersTab currentUserEmail={currentUserEmail} />
        </Tabs.Content>
        <Tabs.Content value="mensajes" className="pt-6 focus-visible:outline-none">
          <MessagesTab />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
};
