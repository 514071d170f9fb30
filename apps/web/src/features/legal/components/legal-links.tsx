import { type ComponentType, useRef, useState } from 'react';

import { OFFLINE_MESSAGE, OFFLINE_TITLE } from '@/lib/error-message';
import { toast } from '@/lib/toast-store';

import type { LegalDialog as LegalDialogComponent } from './legal-dialog';
import { LEGAL_TITLES, type LegalSection } from './legal-titles';

// The dialog (Radix Dialog + Tabs + the legal text) is fetched on the first click, not with every page.
const loadLegalDialog = () => import('./legal-dialog');

/** Start the download as soon as the visitor shows intent, so the click opens at once. */
const preload = () => {
  loadLegalDialog().catch(() => {
    // Offline: the click says so.
  });
};

type LegalDialogType = ComponentType<Parameters<typeof LegalDialogComponent>[0]>;

/**
 * The footer's two legal links; each opens the legal dialog on its own section. The footer is part of the
 * layout, outside any screen's error boundary: a dialog that cannot be downloaded (offline) is a toast saying
 * so, and the next click tries again, instead of an error that would take the whole app down.
 */
export const LegalLinks = () => {
  const [section, setSection] = useState<LegalSection | null>(null);
  const [Dialog, setDialog] = useState<LegalDialogType | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  const open = async (value: LegalSection, button: HTMLButtonElement) => {
    opener.current = button;
    if (!Dialog) {
      try {
        const { LegalDialog } = await loadLegalDialog();
        setDialog(() => LegalDialog);
      } catch {
        toast({ title: OFFLINE_TITLE, description: OFFLINE_MESSAGE, variant: 'destructive' });
        return;
      }
    }
    setSection(value);
  };

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
              onClick={(event) => void open(value, event.currentTarget)}
              className="min-h-11 rounded text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 md:min-h-0"
            >
              {LEGAL_TITLES[value]}
            </button>
          </li>
        ))}
      </ul>
      {Dialog ? <Dialog section={section} onSectionChange={setSection} returnFocusTo={() => opener.current} /> : null}
    </>
  );
};
