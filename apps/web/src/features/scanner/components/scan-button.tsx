import { LoaderCircle, ScanBarcode } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';

import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';

import { useBarcodeLookup } from '../api/get-product-id-by-barcode';

// The dialog, the detector and its WASM are their own chunks: nothing of the scanner loads before the first tap.
const BarcodeScannerDialog = lazy(() => import('./barcode-scanner-dialog'));

export const SCAN_BUTTON_LABEL = 'Escanear código de barras';

type ScanButtonProps = {
  /** What to do with a code; by default it is looked up and its product opened (spec §2). */
  onDetected?: (code: string) => void;
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** The barcode scan button: opens the scanner dialog, then hands the code to the lookup. */
export const ScanButton = ({
  onDetected,
  label = SCAN_BUTTON_LABEL,
  variant = 'secondary',
  size = 'md',
  className,
}: ScanButtonProps) => {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const lookup = useBarcodeLookup();
  return (
    <>
      <Button
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        disabled={lookingUp}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {lookingUp ? (
          <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
        ) : (
          <ScanBarcode aria-hidden="true" className="size-5" />
        )}
        {label}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <BarcodeScannerDialog
            open={open}
            onOpenChange={setOpen}
            onDetected={(code) => {
              if (onDetected) {
                onDetected(code);
                return;
              }
              // On a slow connection the lookup takes a moment: the button shows it is busy meanwhile.
              setLookingUp(true);
              void lookup(code).finally(() => setLookingUp(false));
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};
