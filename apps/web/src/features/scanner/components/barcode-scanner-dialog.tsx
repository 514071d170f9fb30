import { LoaderCircle, RotateCcw, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useRef } from 'react';

import { Button } from '@/components/ui/button';

import { useBarcodeScanner } from '../hooks/use-barcode-scanner';

export const SCANNER_TITLE = 'Escanear código de barras';
export const SCANNER_HINT = 'Apunta la cámara hacia el código de barras del producto';
export const STARTING_CAMERA_TEXT = 'Iniciando cámara...';
export const RETRY_TEXT = 'Intentar de nuevo';

export type BarcodeScannerDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The code read; the dialog has already closed itself (spec §4). */
  onDetected: (code: string) => void;
};

/** Spec §2 "Barcode scan dialog". The camera runs only while the dialog is open. */
export const BarcodeScannerDialog = ({ open, onOpenChange, onDetected }: BarcodeScannerDialogProps) => (
  <Dialog.Root open={open} onOpenChange={onOpenChange}>
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60 data-[state=open]:animate-overlay-in" />
      <Dialog.Content
        className="fixed top-1/2 left-1/2 z-50 flex max-h-[95dvh] w-[calc(100vw-1rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-2xl bg-white p-4 shadow-xl focus:outline-none data-[state=open]:animate-dialog-in sm:p-6"
        data-testid="barcode-scanner-dialog"
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
        <ScannerBody
          onDetected={(code) => {
            onOpenChange(false);
            onDetected(code);
          }}
        />
        <Dialog.Close asChild>
          <Button variant="secondary" className="w-full">
            Cancelar
          </Button>
        </Dialog.Close>
      </Dialog.Content>
    </Dialog.Portal>
  </Dialog.Root>
);

/** Mounted only while the dialog is open, so mounting starts the camera and unmounting stops it. */
const ScannerBody = ({ onDetected }: { onDetected: (code: string) => void }) => {
  const videoRef = useRef<HTMLVideoElement>(null);
  const { state, retry } = useBarcodeScanner(videoRef, onDetected);
  const starting = state.status === 'idle' || state.status === 'starting';

  return (
    <>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-stone-900" data-scanner-status={state.status}>
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
          <div role="status" className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-stone-900/80 text-white">
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
            <p className="font-medium">{STARTING_CAMERA_TEXT}</p>
          </div>
        ) : null}
      </div>
      {state.status === 'error' ? (
        <div className="space-y-3">
          <p role="alert" className="font-medium text-red-700">
            {state.message}
          </p>
          <Button variant="primary" onClick={retry} className="w-full">
            <RotateCcw aria-hidden="true" className="size-4" />
            {RETRY_TEXT}
          </Button>
        </div>
      ) : null}
      <Dialog.Description className="text-center text-sm text-stone-700">{SCANNER_HINT}</Dialog.Description>
    </>
  );
};

export default BarcodeScannerDialog;
