import { readTypedBarcode } from '@etiqueta/domain';
import { Camera, ClipboardCheck, CloudOff, LoaderCircle, RotateCcw, ScanBarcode, SearchX, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { Button, buttonClassName, type ButtonVariant } from '@/components/ui/button';
import { FormField, fieldDescriptionIds, inputClassName } from '@/components/ui/form-field';
import { SCANNED_NAVIGATION_STATE } from '@/lib/scan-navigation';

import { useBarcodeLookup } from '../api/get-product-id-by-barcode';
import { contributeAddress } from '../lib/pending-scans';
import { useBarcodeScanner } from '../hooks/use-barcode-scanner';

export const SCANNER_TITLE = 'Escanear código de barras';
export const SCANNER_HINT = 'Apunta la cámara hacia el código de barras del producto';
export const STARTING_CAMERA_TEXT = 'Iniciando cámara...';
export const RETRY_TEXT = 'Intentar de nuevo';
export const LOOKING_UP_TEXT = 'Buscando en Open Food Facts…';
export const NOT_FOUND_TITLE = 'No encontramos este producto';
export const ADD_PRODUCT_TEXT = 'Agregar este producto';
export const SCAN_ANOTHER_TEXT = 'Escanear otro código';
export const TYPED_CODE_LABEL = '¿No puedes escanear? Escribe el código';
export const QUEUED_TITLE = 'Sin conexión: guardamos el código';
export const IN_REVIEW_TITLE = 'Ya nos enviaste este producto';
export const SEE_SENT_TEXT = 'Ver mi envío';

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
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 data-[state=open]:animate-overlay-in" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 flex max-h-[95dvh] w-[calc(100vw-1rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl focus:outline-none data-[state=open]:animate-dialog-in sm:p-6"
        data-testid="barcode-scanner-dialog"
        onCloseAutoFocus={(event) => {
          if (!returnFocusTo?.current?.isConnected) return;
          event.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <div className="flex items-start justify-between gap-4">
          <Dialog.Title className="text-xl font-bold text-stone-900">{SCANNER_TITLE}</Dialog.Title>
          <Dialog.Close
            aria-label="Cerrar"
            className="-mt-1 -mr-1 grid size-10 shrink-0 place-items-center rounded-full text-stone-600 hover:bg-stone-100"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </div>
        <ScannerFlow onClose={() => onOpenChange(false)} />
        <Dialog.Close asChild>
          <Button variant="secondary" className="w-full">
            Cancelar
          </Button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
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
        <Panel tone="warning" icon={<SearchX aria-hidden="true" className="size-8 text-amber-800" />}>
          <h3 className="text-lg font-bold text-stone-900">{NOT_FOUND_TITLE}</h3>
          <Dialog.Description className="text-stone-800">
            El código <span className="font-mono tabular-nums">{state.code}</span>{' '}
            {state.askedOpenFoodFacts
              ? 'no está en Etiqueta Clara ni en Open Food Facts.'
              : 'no está en Etiqueta Clara.'}{' '}
            ¿Lo tienes a mano? Envíanos unas fotos del envase y lo agregamos.
          </Dialog.Description>
          <Link
            to={contributeAddress(state.code)}
            onClick={onClose}
            className={buttonClassName({ className: 'w-full' })}
          >
            <Camera aria-hidden="true" className="size-5" />
            {ADD_PRODUCT_TEXT}
          </Link>
          <ScanAnotherButton onClick={reset} />
        </Panel>
      );
    case 'in-review':
      return (
        <Panel tone="neutral" icon={<ClipboardCheck aria-hidden="true" className="size-8 text-brand-700" />}>
          <h3 className="text-lg font-bold text-stone-900">{IN_REVIEW_TITLE}</h3>
          <Dialog.Description className="text-stone-800">
            El código <span className="font-mono tabular-nums">{state.code}</span> está en revisión. Mientras
            tanto puedes ver su puntaje provisional.
          </Dialog.Description>
          <Link
            to={`/contribute/sent/${state.contributionId}`}
            onClick={onClose}
            className={buttonClassName({ className: 'w-full' })}
          >
            {SEE_SENT_TEXT}
          </Link>
          <ScanAnotherButton onClick={reset} />
        </Panel>
      );
    case 'queued':
      return (
        <Panel tone="warning" icon={<CloudOff aria-hidden="true" className="size-8 text-amber-800" />}>
          <h3 className="text-lg font-bold text-stone-900">{QUEUED_TITLE}</h3>
          <Dialog.Description className="text-stone-800">
            El código <span className="font-mono tabular-nums">{state.code}</span> no está guardado en este
            teléfono. Lo buscaremos cuando vuelva la conexión y te avisaremos qué encontramos.
          </Dialog.Description>
          <ScanAnotherButton onClick={reset} variant="primary" />
        </Panel>
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

/** One step of the flow. It takes the focus when it appears, so keyboard and screen-reader users follow along. */
/** 'Escanear otro código': back to the camera, after any answer. */
const ScanAnotherButton = ({ onClick, variant = 'ghost' }: { onClick: () => void; variant?: ButtonVariant }) => (
  <Button variant={variant} className="w-full" onClick={onClick}>
    <ScanBarcode aria-hidden="true" className="size-5" />
    {SCAN_ANOTHER_TEXT}
  </Button>
);

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

/** The camera with its states, and below it the code typed by hand, always offered. */
const ScanPanel = ({ onCode }: { onCode: (code: string) => void }) => {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, retry } = useBarcodeScanner(videoRef, onCode);
  const starting = state.status === 'idle' || state.status === 'starting';
  const failed = state.status === 'error';

  return (
    <>
      <div
        className={`relative w-full overflow-hidden rounded-xl bg-stone-900 ${failed ? 'hidden' : 'aspect-[4/3]'}`}
        data-scanner-status={state.status}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Vista de la cámara"
          className="size-full object-cover"
        />
        {state.status === 'scanning' ? (
          <div
            aria-hidden="true"
            data-testid="scanner-frame"
            className="pointer-events-none absolute inset-x-[12%] top-1/2 h-2/5 -translate-y-1/2 rounded-lg border-4 border-green-500 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]"
          />
        ) : null}
        {starting ? (
          <div
            role="status"
            className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-stone-900/80 text-white"
          >
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
            <p className="font-medium">{STARTING_CAMERA_TEXT}</p>
          </div>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <div className="space-y-3 rounded-xl bg-red-50 p-4 ring-1 ring-red-200">
          <div role="alert" className="space-y-1">
            <p className="font-semibold text-red-700">{state.message}</p>
            <p className="text-sm text-stone-800">{state.advice}</p>
          </div>
          <Button variant="secondary" onClick={retry} className="w-full">
            <RotateCcw aria-hidden="true" className="size-4" />
            {RETRY_TEXT}
          </Button>
        </div>
      ) : null}
      <Dialog.Description className={`text-center text-sm text-stone-700 ${failed ? 'sr-only' : ''}`}>
        {SCANNER_HINT}
      </Dialog.Description>
      <TypedCodeForm onCode={onCode} focus={failed} />
    </>
  );
};

/** The code typed by hand, checked (EAN-13, UPC-A, EAN-8 and their check digit) before any lookup. */
const TypedCodeForm = ({ onCode, focus }: { onCode: (code: string) => void; focus: boolean }) => {
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const id = 'typed-barcode';
  const hint = 'Son los números bajo las barras: 13, 12 u 8 dígitos.';
  // Without a camera, typing is the way: the field takes the focus (and on a phone, opens the keyboard).
  useEffect(() => {
    if (focus) inputRef.current?.focus();
  }, [focus]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readTypedBarcode(text);
    if (!read.ok) {
      setError(read.message);
      inputRef.current?.focus();
      return;
    }
    onCode(read.code);
  };

  return (
    <form onSubmit={submit} noValidate className="border-t border-stone-200 pt-4">
      <FormField id={id} label={TYPED_CODE_LABEL} hint={hint} error={error}>
        <div className="flex gap-2">
          <input
            ref={inputRef}
            id={id}
            name="barcode"
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="search"
            maxLength={20}
            placeholder="7801234567890"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={fieldDescriptionIds(id, error, hint)}
            className={`${inputClassName(!!error)} min-h-11 font-mono tabular-nums`}
          />
          <Button type="submit" variant="primary">
            Buscar
          </Button>
        </div>
      </FormField>
    </form>
  );
};

export default BarcodeScannerDialog;
