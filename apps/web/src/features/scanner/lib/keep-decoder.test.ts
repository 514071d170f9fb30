import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module each time: it asks once per page. */
const load = async () => {
  vi.resetModules();
  return (await import('./keep-decoder')).keepDecoderForOffline;
};

const worker = (controller: object | null) => {
  const container = new EventTarget() as EventTarget & { controller: object | null; ready: Promise<unknown> };
  container.controller = controller;
  container.ready = Promise.resolve({});
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
};

const fetchMock = vi.fn(async () => new Response(new ArrayBuffer(8)));

beforeEach(() => {
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the barcode decoder kept for a first scan offline', () => {
  it('without a native reader, asks for the WebAssembly once a service worker is in charge, and once only', async () => {
    const container = worker(null);
    const keep = await load();
    const done = keep();
    await new Promise((resolve) => setTimeout(resolve, 10));
    // Not yet: nothing would keep it.
    expect(fetchMock).not.toHaveBeenCalled();
    container.controller = {};
    container.dispatchEvent(new Event('controllerchange'));
    await done;
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/zxing_reader.*\.wasm/);
    await keep();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a browser that reads EAN-13 itself never downloads it', async () => {
    worker({});
    vi.stubGlobal('BarcodeDetector', { getSupportedFormats: () => Promise.resolve(['qr_code', 'ean_13']) });
    await (await load())();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a native reader without retail formats still gets it', async () => {
    worker({});
    vi.stubGlobal('BarcodeDetector', { getSupportedFormats: () => Promise.resolve(['qr_code']) });
    await (await load())();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without service workers (or offline already) nothing is asked and nothing fails', async () => {
    await expect((await load())()).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
    worker({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect((await load())()).resolves.toBeUndefined();
  });
});
