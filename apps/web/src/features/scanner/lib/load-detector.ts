/**
 * The barcode detector, loaded only when the scanner dialog opens (dynamic import): the browser's own
 * BarcodeDetector where it reads retail codes (Android Chrome, macOS/iOS Safari), ZXing-C++ in WebAssembly otherwise.
 *
 * The WASM is served from our own origin, never from the CDN the package defaults to (it would fail offline and
 * leak the visit): it is `barcode-detector`'s own zxing-wasm build, imported as a Vite asset URL. It must be that
 * exact build — another zxing-wasm version's binary crashes the ponyfill (STACK-NOTES, gotcha 7); a unit test
 * checks the file against the ponyfill's ZXING_WASM_SHA256.
 */
import { BarcodeDetector as ZXingBarcodeDetector, setZXingModuleOverrides } from 'barcode-detector/ponyfill';
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

import type { Detector } from './barcode-scanner';

/** Supermarket codes: EAN-13/EAN-8 and UPC-A/UPC-E. Fewer formats, faster reads. */
export const RETAIL_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e'] as const;

setZXingModuleOverrides({
  locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? zxingReaderWasmUrl : prefix + path),
});

type NativeDetectorClass = {
  new (options: { formats: string[] }): Detector<HTMLVideoElement>;
  getSupportedFormats: () => Promise<string[]>;
};

const nativeDetector = async (): Promise<Detector<HTMLVideoElement> | null> => {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Native || Native === (ZXingBarcodeDetector as unknown)) return null;
  try {
    const supported = await Native.getSupportedFormats();
    const formats = RETAIL_FORMATS.filter((format) => supported.includes(format));
    return formats.includes('ean_13') ? new Native({ formats }) : null;
  } catch {
    return null;
  }
};

export const loadDetector = async (): Promise<Detector<HTMLVideoElement>> =>
  (await nativeDetector()) ?? new ZXingBarcodeDetector({ formats: [...RETAIL_FORMATS] });
