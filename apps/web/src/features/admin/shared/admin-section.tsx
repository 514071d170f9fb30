import { type ReactNode, useId } from 'react';

type AdminSectionProps = {
  title: string;
  /** One line under the title: what the tab is for. */
  description?: ReactNode;
  /** The section's main action, beside its title (e.g. "Nuevo aditivo"). */
  action?: ReactNode;
  /** A whole tab is spaced a little wider than a block inside one. */
  tab?: boolean;
  children: ReactNode;
};

/** An admin tab, or one block of it: a section named by its heading (so a screen reader lists it), then its content. */
export const AdminSection = ({ title, description, action, tab = false, children }: AdminSectionProps) => {
  const headingId = useId();
  const heading = (
    <h2 id={headingId} className="text-xl font-bold text-stone-900">
      {title}
    </h2>
  );
  const head = description ? (
    <div>
      {heading}
      <p className="text-sm text-stone-600">{description}</p>
    </div>
  ) : (
    heading
  );
  return (
    <section aria-labelledby={headingId} className={tab ? 'space-y-4' : 'space-y-3'}>
      {action ? (
        <div className="flex flex-wrap items-end justify-between gap-3">
          {head}
          {action}
        </div>
      ) : (
        head
      )}
      {children}
    </section>
  );
};

/** What an admin list says when it has nothing to show. */
export const AdminEmpty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-stone-50 p-4 text-stone-700">{children}</p>
);
