import { type ReactNode, useId } from 'react';

/** One block of an admin tab: a section named by its heading (so a screen reader lists it), then its content. */
export const AdminSection = ({ title, children }: { title: string; children: ReactNode }) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-xl font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
};

/** What an admin list says when it has nothing to show. */
export const AdminEmpty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl bg-stone-50 p-4 text-stone-700">{children}</p>
);
