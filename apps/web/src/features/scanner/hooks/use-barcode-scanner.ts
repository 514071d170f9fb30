import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

import { type BarcodeScanner, type ScannerState, createBarcodeScanner } from '../lib/barcode-scanner';

const loadDetector = () => import('../lib/load-detector').then((module) => module.loadDetector());

/**
 * Runs the scanner on a <video> while the component is mounted (the dialog is open): it starts on mount,
 * and the camera is released on unmount, whatever happened (spec §4: closing stops it).
 */
export const useBarcodeScanner = (
  videoRef: RefObject<HTMLVideoElement | null>,
  onDetected: (code: string) => void,
) => {
  const [state, setState] = useState<ScannerState>({ status: 'idle' });
  const scannerRef = useRef<BarcodeScanner | null>(null);
  const onDetectedRef = useRef(onDetected);
  useEffect(() => {
    onDetectedRef.current = onDetected;
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return undefined;
    const scanner = createBarcodeScanner({
      mediaDevices: typeof navigator === 'undefined' ? undefined : navigator.mediaDevices,
      loadDetector,
      video,
      onState: setState,
      onDetected: (code) => onDetectedRef.current(code),
    });
    scannerRef.current = scanner;
    void scanner.start();
    return () => {
      scanner.stop();
      scannerRef.current = null;
    };
  }, [videoRef]);

  const retry = useCallback(() => {
    void scannerRef.current?.start();
  }, []);

  return { state, retry };
};
