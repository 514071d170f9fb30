import { ScanBarcode } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState } from 'react';

import { Button, type ButtonSize, type ButtonVariant } from '@/components/ui/button';

import { keepDecoderForOffline } from '../lib/keep-decoder';

// The dialog, the detector and its WASM are their own chunks: nothing of the scanner loads before the first tap.
const BarcodeScannerDialog = lazy(() => import('./barcode-scanner-dialog'));

export const SCAN_BUTTON_LABEL = 'Escanear código de barras';

type ScanButtonProps = {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** The barcode scan button: opens the scanner dialog, which looks the code up and opens its product. */
export const ScanButton = ({ label = SCAN_BUTTON_LABEL, variant = 'secondary', size = 'md', className }: ScanButtonProps) => {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Not the scanner itself: only its decoder, fetched once the service worker can keep it for a scan offline.
  useEffect(() => void keepDecoderForOffline(), []);
  return (
    <>
      <Button
        ref={buttonRef}
        variant={variant}
        size={size}
        className={className}
        aria-haspopup="dialog"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <ScanBarcode aria-hidden="true" className="size-5" />
        {label}
      </Button>
      {loaded ? (
        <Suspense fallback={null}>
          <BarcodeScannerDialog open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      ) : null}
    </>
  );
};
