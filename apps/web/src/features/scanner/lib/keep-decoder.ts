/**
 * The barcode decoder kept for offline use before the first scan (issue 30): a phone whose browser cannot read
 * retail codes itself needs ZXing's WebAssembly (load-detector.ts), which the service worker keeps only once it has
 * been fetched through it. Without this, the first camera scan in a dead zone failed on such a phone. Phones that
 * read codes natively never download it (ADR 018). Only the file's address is imported here: the ponyfill itself
 * stays in the scanner's own chunk.
 */
import zxingReaderWasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

type NativeDetector = { getSupportedFormats?: () => Promise<string[]> };

/** Whether this browser reads EAN-13 by itself (then load-detector.ts never asks for the WebAssembly). */
const readsRetailCodes = async (): Promise<boolean> => {
  const native = (globalThis as { BarcodeDetector?: NativeDetector }).BarcodeDetector;
  try {
    return (await native?.getSupportedFormats?.())?.includes('ean_13') ?? false;
  } catch {
    return false;
  }
};

/** Resolves once a service worker controls this page (at once if one does). */
const controlled = (container: ServiceWorkerContainer) =>
  container.controller
    ? Promise.resolve()
    : new Promise<void>((resolve) => container.addEventListener('controllerchange', () => resolve(), { once: true }));

let asked = false;

/**
 * Once per page, after a service worker is in charge: asks for the decoder through it, so its cache keeps it
 * (pwa.config.ts, OFFLINE_CACHES.scanner). Does nothing without a service worker or with a native reader.
 */
export const keepDecoderForOffline = async (): Promise<void> => {
  if (asked || !('serviceWorker' in navigator)) return;
  asked = true;
  if (await readsRetailCodes()) return;
  await navigator.serviceWorker.ready;
  await controlled(navigator.serviceWorker);
  await fetch(zxingReaderWasmUrl).then((response) => response.arrayBuffer()).catch(() => undefined);
};
