import { lazy, Suspense, useRef, useState } from 'react';

import { LEGAL_TITLES, type LegalSection } from './legal-titles';

// The dialog (Radix Dialog + Tabs + the legal text) is fetched on the first click, not with every page.
const loadLegalDialog = () => import('./legal-dialog');
const LegalDialog = lazy(() => loadLegalDialog().then((m) => ({ default: m.LegalDialog })));

/** Start the download as soon as the visitor shows intent, so the click opens at once. */
const preload = () => {
  void loadLegalDialog();
};

/** The footer's two legal links; each opens the legal dialog on its own section. */
export const LegalLinks = () => {
  const [section, setSection] = useState<LegalSection | null>(null);
  const [requested, setRequested] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  return (
    <>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 md:flex-col md:items-end">
        {(['terms', 'privacy'] as const).map((value) => (
          <li key={value}>
            <button
              type="button"
              aria-haspopup="dialog"
              onPointerEnter={preload}
              onFocus={preload}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setRequested(true);
                setSection(value);
              }}
              className="min-h-11 rounded text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 md:min-h-0"
            >
              {LEGAL_TITLES[value]}
            </button>
          </li>
        ))}
      </ul>
      {requested ? (
        <Suspense fallback={null}>
          <LegalDialog section={section} onSectionChange={setSection} returnFocusTo={() => opener.current} />
        </Suspense>
      ) : null}
    </>
  );
};
