import { Camera, ClipboardCheck, CloudOff, LoaderCircle, RotateCcw, ScanBarcode, SearchX } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type ReactNode, type RefObject, useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button, buttonClassName, type ButtonVariant } from '@/components/ui/button';
import { DialogShell, DialogTitleBar } from '@/components/ui/dialog-shell';

import { useBarcodeLookup } from '../api/get-product-id-by-barcode';
import { contributeAddress } from '../lib/pending-scans';
import { SCANNED_NAVIGATION_STATE } from '../lib/scan-navigation';
import { ScanPanel } from './scan-panel';
import {
  ADD_PRODUCT_TEXT,
  IN_REVIEW_TITLE,
  LOOKING_UP_TEXT,
  NOT_FOUND_TITLE,
  QUEUED_TITLE,
  RETRY_TEXT,
  SCANNER_TITLE,
  SCAN_ANOTHER_TEXT,
  SEE_SENT_TEXT,
} from './scanner-texts';

export type BarcodeScannerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Where the focus goes back when the dialog closes (Escape, Cancelar): the button that opened it. The dialog is
   * mounted only after that button's first tap, so the dialog cannot tell on its own and the focus fell to <body>.
   */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * Spec §2 "Barcode scan dialog", and issue 14's "every scan gets an answer": the camera, or the code typed
 * by hand; then, in the dialog, the lookup ('Buscando en Open Food Facts…'), and for a code nobody has, the way
 * to add it. A product found closes the dialog and opens its page. The camera runs only while it is shown.
 */
export const BarcodeScannerDialog = ({ open, onOpenChange, returnFocusTo }: BarcodeScannerDialogProps) => (
  <DialogShell
    open={open}
    onOpenChange={onOpenChange}
    overlay="dark"
    className="flex max-h-[95dvh] w-[calc(100vw-1rem)] max-w-lg flex-col gap-4 overflow-y-auto p-4 sm:p-6"
    data-testid="barcode-scanner-dialog"
    onCloseAutoFocus={(event) => {
      if (!returnFocusTo?.current?.isConnected) return;
      event.preventDefault();
      returnFocusTo.current.focus();
    }}
  >
    <DialogTitleBar title={SCANNER_TITLE} closeClassName="-mt-1 -mr-1" />
    <ScannerFlow onClose={() => onOpenChange(false)} />
    <Dialog.Close asChild>
      <Button variant="secondary" className="w-full">
        Cancelar
      </Button>
    </Dialog.Close>
  </DialogShell>
);

/** Mounted only while the dialog is open: scan or type → look up → the product, or a way forward. */
const ScannerFlow = ({ onClose }: { onClose: () => void }) => {
  const navigate = useNavigate();
  const { state, lookup, reset } = useBarcodeLookup((id) => {
    onClose();
    void navigate(`/product/${id}`, { state: SCANNED_NAVIGATION_STATE });
  });

  switch (state.status) {
    case 'idle':
      return <ScanPanel onCode={(code) => void lookup(code)} />;
    case 'pending':
      return (
        <Panel
          tone="neutral"
          icon={<LoaderCircle aria-hidden="true" className="size-8 animate-spin text-brand-700" />}
        >
          <Dialog.Description role="status" className="text-lg font-semibold text-stone-900">
            {LOOKING_UP_TEXT}
          </Dialog.Description>
          <p className="text-sm text-stone-700">
            Código <span className="font-mono tabular-nums">{state.code}</span>
          </p>
        </Panel>
      );
    case 'not-found':
      return (
        <Answer
          tone="warning"
          icon={<SearchX aria-hidden="true" className="size-8 text-amber-800" />}
          title={NOT_FOUND_TITLE}
          action={
            <AnswerLink to={contributeAddress(state.code)} onClick={onClose}>
              <Camera aria-hidden="true" className="size-5" />
              {ADD_PRODUCT_TEXT}
            </AnswerLink>
          }
          onScanAnother={reset}
        >
          El código <span className="font-mono tabular-nums">{state.code}</span>{' '}
          {state.askedOpenFoodFacts
            ? 'no está en Etiqueta Clara ni en Open Food Facts.'
            : 'no está en Etiqueta Clara.'}{' '}
          ¿Lo tienes a mano? Envíanos unas fotos del envase y lo agregamos.
        </Answer>
      );
    case 'in-review':
      return (
        <Answer
          tone="neutral"
          icon={<ClipboardCheck aria-hidden="true" className="size-8 text-brand-700" />}
          title={IN_REVIEW_TITLE}
          action={
            <AnswerLink to={`/contribute/sent/${state.contributionId}`} onClick={onClose}>
              {SEE_SENT_TEXT}
            </AnswerLink>
          }
          onScanAnother={reset}
        >
          El código <span className="font-mono tabular-nums">{state.code}</span> está en revisión. Mientras
          tanto puedes ver su puntaje provisional.
        </Answer>
      );
    case 'queued':
      return (
        <Answer
          tone="warning"
          icon={<CloudOff aria-hidden="true" className="size-8 text-amber-800" />}
          title={QUEUED_TITLE}
          onScanAnother={reset}
          scanAnotherVariant="primary"
        >
          El código <span className="font-mono tabular-nums">{state.code}</span> no está guardado en este
          teléfono. Lo buscaremos cuando vuelva la conexión y te avisaremos qué encontramos.
        </Answer>
      );
    case 'error':
      return (
        <Panel tone="error" icon={null}>
          <Dialog.Description role="alert" className="font-medium text-red-700">
            {state.message}
          </Dialog.Description>
          <Button className="w-full" onClick={() => void lookup(state.code)}>
            <RotateCcw aria-hidden="true" className="size-4" />
            {RETRY_TEXT}
          </Button>
          <ScanAnotherButton onClick={reset} />
        </Panel>
      );
  }
};

const tones = {
  neutral: 'bg-stone-50',
  warning: 'bg-amber-50 ring-1 ring-amber-200',
  error: 'bg-red-50 ring-1 ring-red-200',
} as const;

/** 'Escanear otro código': back to the camera, after any answer. */
const ScanAnotherButton = ({ onClick, variant = 'ghost' }: { onClick: () => void; variant?: ButtonVariant }) => (
  <Button variant={variant} className="w-full" onClick={onClick}>
    <ScanBarcode aria-hidden="true" className="size-5" />
    {SCAN_ANOTHER_TEXT}
  </Button>
);

/** The lookup's answer about a code: what happened, what to do next, and back to the camera. */
const Answer = ({
  tone,
  icon,
  title,
  children,
  action,
  onScanAnother,
  scanAnotherVariant,
}: {
  tone: keyof typeof tones;
  icon: ReactNode;
  title: string;
  /** The answer's sentence, which describes the dialog while it shows. */
  children: ReactNode;
  action?: ReactNode;
  onScanAnother: () => void;
  scanAnotherVariant?: ButtonVariant;
}) => (
  <Panel tone={tone} icon={icon}>
    <h3 className="text-lg font-bold text-stone-900">{title}</h3>
    <Dialog.Description className="text-stone-800">{children}</Dialog.Description>
    {action}
    <ScanAnotherButton onClick={onScanAnother} variant={scanAnotherVariant} />
  </Panel>
);

/** A way forward out of the dialog: it closes it as it goes. */
const AnswerLink = ({ to, onClick, children }: { to: string; onClick: () => void; children: ReactNode }) => (
  <Link to={to} onClick={onClick} className={buttonClassName({ className: 'w-full' })}>
    {children}
  </Link>
);

/** One step of the flow. It takes the focus when it appears, so keyboard and screen-reader users follow along. */
const Panel = ({
  tone,
  icon,
  children,
}: {
  tone: keyof typeof tones;
  icon: ReactNode;
  children: ReactNode;
}) => {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className={`flex flex-col items-center gap-3 rounded-xl p-5 text-center focus:outline-none ${tones[tone]}`}
    >
      {icon}
      {children}
    </div>
  );
};

export default BarcodeScannerDialog;
