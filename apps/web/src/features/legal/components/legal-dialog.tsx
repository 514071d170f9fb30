import { Dialog, Tabs } from 'radix-ui';
import { Link } from 'react-router';

import { DialogShell, DialogTitleBar } from '@/components/ui/dialog-shell';

import { LEGAL_UPDATED_AT, PrivacyContent, TermsContent } from './legal-sections';
import { LEGAL_TITLES, RIGHTS_REQUEST_ANCHOR, type LegalSection } from './legal-titles';

type LegalDialogProps = {
  /** The section shown, or null when the dialog is closed. */
  section: LegalSection | null;
  onSectionChange: (section: LegalSection | null) => void;
  /** Where focus goes back on close: the link that opened the dialog (it is not a Radix trigger). */
  returnFocusTo?: () => HTMLElement | null;
};

const isLegalSection = (value: string): value is LegalSection => value === 'terms' || value === 'privacy';

export const LegalDialog = ({ section, onSectionChange, returnFocusTo }: LegalDialogProps) => {
  const link = (to: string, text: string) => (
    <Dialog.Close asChild>
      <Link to={to} className="font-medium text-brand-800 underline underline-offset-2">
        {text}
      </Link>
    </Dialog.Close>
  );
  const contactLink = link('/contact', 'la página de contacto');

  return (
    <DialogShell
      open={section !== null}
      onOpenChange={(open) => {
        if (!open) onSectionChange(null);
      }}
      onCloseAutoFocus={(event) => {
        const target = returnFocusTo?.();
        if (target) {
          event.preventDefault();
          target.focus();
        }
      }}
      className="flex max-h-[90dvh] w-[calc(100vw-1.5rem)] max-w-2xl flex-col"
    >
      <Tabs.Root
        value={section ?? 'terms'}
        onValueChange={(value) => {
          if (isLegalSection(value)) onSectionChange(value);
        }}
        className="flex min-h-0 flex-col"
      >
        <DialogTitleBar
          title={LEGAL_TITLES[section ?? 'terms']}
          description={`Última actualización: ${LEGAL_UPDATED_AT}. Se rige por la ley chilena.`}
          className="border-b border-stone-200 p-4 pb-3 sm:p-6 sm:pb-3"
        />
        <Tabs.List
          aria-label="Documentos legales"
          className="flex gap-1 border-b border-stone-200 px-4 sm:px-6"
        >
          {(['terms', 'privacy'] as const).map((value) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="-mb-px border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-stone-600 hover:text-stone-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-900"
            >
              {LEGAL_TITLES[value]}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <div
          className="min-h-0 overflow-y-auto p-4 text-sm leading-relaxed text-stone-700 sm:p-6"
          tabIndex={0}
          data-testid="legal-body"
        >
          <Tabs.Content value="terms" className="focus:outline-none">
            <TermsContent contactLink={contactLink} />
          </Tabs.Content>
          <Tabs.Content value="privacy" className="focus:outline-none">
            <PrivacyContent
              contactLink={link(`/privacidad#${RIGHTS_REQUEST_ANCHOR}`, 'el formulario de solicitudes')}
              accountLink={link('/cuenta', 'Mi cuenta')}
            />
            <p className="mt-5">
              También puedes leer esta política como página:{' '}
              {link('/privacidad', 'etiquetaclara.cl/privacidad')}.
            </p>
          </Tabs.Content>
        </div>
      </Tabs.Root>
    </DialogShell>
  );
};
