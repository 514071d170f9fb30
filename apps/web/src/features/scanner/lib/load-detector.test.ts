import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { ZXING_WASM_SHA256, ZXING_WASM_VERSION } from 'barcode-detector/ponyfill';
import { describe, expect, it } from 'vitest';

describe('the ZXing WASM we serve ourselves', () => {
  it(`is exactly the build barcode-detector was made with (zxing-wasm ${ZXING_WASM_VERSION})`, () => {
    // The same specifier load-detector.ts imports with `?url`; another build crashes the ponyfill (gotcha 7).
    const path = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const sha256 = createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(sha256).toBe(ZXING_WASM_SHA256);
  });
});
